import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StarRating, starFills, starsLabel } from './StarRating.tsx';

describe('star fills (nearest half)', () => {
  it.each([
    [0, 'eeeee'],
    [0.2, 'eeeee'],
    [0.25, 'heeee'],
    [2.74, 'ffhee'],
    [2.75, 'fffee'],
    [4.5, 'ffffh'],
    [4.8, 'fffff'],
    [7, 'fffff'],
    [-1, 'eeeee'],
  ])('%d → %s', (score, expected) => {
    expect(starFills(score).map((fill) => fill[0]).join('')).toBe(expected);
  });

  it('names the score with one decimal, whole scores without', () => {
    expect(starsLabel(4.5)).toBe('4.5 out of 5 stars');
    expect(starsLabel(4.04)).toBe('4 out of 5 stars');
    expect(starsLabel(3.26)).toBe('3.3 out of 5 stars');
  });
});

describe('StarRating', () => {
  it('without onChange only shows the score', () => {
    render(<StarRating value={3.5} label="Average rating" />);
    expect(screen.getByRole('img', { name: 'Average rating: 3.5 out of 5 stars' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('with onChange is a radio group of whole stars', async () => {
    const onChange = vi.fn();
    render(<StarRating value={0} label="Your rating" onChange={onChange} />);
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(onChange).toHaveBeenCalledWith(3);
    expect(screen.getByRole('group', { name: 'Your rating' })).toBeInTheDocument();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ButtonVariant } from './Button.tsx';

const VARIANTS: readonly ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger', 'warning'];

// The stylesheet as written (class names unhashed), so the cascade jsdom computes is the one the browser applies.
const sheet = document.createElement('style');
sheet.textContent = readFileSync(join(import.meta.dirname, 'Button.module.css'), 'utf8');

afterEach(() => sheet.remove());

describe('Button styles', () => {
  it.each(VARIANTS)('a disabled %s button is dimmed and loses its colour; an enabled one keeps both', (variant) => {
    document.head.append(sheet);
    render(
      <>
        <button type="button" className={`button ${variant}`} disabled>
          Off
        </button>
        <button type="button" className={`button ${variant}`}>
          On
        </button>
      </>,
    );
    const off = getComputedStyle(screen.getByRole('button', { name: 'Off' }));
    const on = getComputedStyle(screen.getByRole('button', { name: 'On' }));
    expect(off.opacity).toBe('0.5');
    expect(off.filter).toBe('grayscale(1)');
    expect(on.opacity).not.toBe('0.5');
    expect(on.filter).not.toBe('grayscale(1)');
  });
});

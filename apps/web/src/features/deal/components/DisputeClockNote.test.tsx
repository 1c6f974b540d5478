import type { OrderDetails } from '@jelly/contracts';
import { OrderStatus } from '@jelly/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DisputeClockNote, timeToDecision } from './DisputeClockNote.tsx';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const dispute = { openedAt: '2026-11-21T10:00:00.000Z', slaDueAt: '2026-11-22T10:00:00.000Z' };
const deal = (status: OrderStatus, withDispute = true) => ({ status, dispute: withDispute ? dispute : null }) as unknown as OrderDetails;

describe('the dispute clock the parties see', () => {
  it.each([
    ['2026-11-21T12:12:00.000Z', 'about 12 min'],
    ['2026-11-21T12:00:30.000Z', 'about 1 min'],
    ['2026-11-22T10:00:00.000Z', 'about 22 h 00 min'],
    ['2026-11-21T11:00:00.000Z', null],
  ])('due %s reads %s', (due, text) => {
    expect(timeToDecision(due, NOW)).toBe(text);
  });

  it('shows while the admins review the deal, with the time left', () => {
    render(<DisputeClockNote deal={deal(OrderStatus.AdminResolving)} now={NOW} />);
    expect(screen.getByTestId('dispute-clock')).toHaveTextContent('(about 22 h 00 min left)');
  });

  it('says the decision is on its way once the due time passed', () => {
    render(<DisputeClockNote deal={deal(OrderStatus.AdminResolving)} now={new Date('2026-11-23T00:00:00.000Z')} />);
    expect(screen.getByTestId('dispute-clock')).toHaveTextContent('it is on its way');
  });

  it.each([
    ['resolved', deal(OrderStatus.AdminResolved)],
    ['without a dispute', deal(OrderStatus.AdminResolving, false)],
  ])('shows nothing %s', (_name, value) => {
    render(<DisputeClockNote deal={value} now={NOW} />);
    expect(screen.queryByTestId('dispute-clock')).not.toBeInTheDocument();
  });
});

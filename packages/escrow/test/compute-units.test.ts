// The escrow instructions' compute units are part of their contract: the worst case over the benchmark's deal
// scenarios (both offer sides, several amounts, every way a deal ends) must stay within each budget.
import { describe, expect, it } from 'vitest';
import { COMPUTE_UNIT_BUDGETS } from '../bench/budgets.ts';
import { runScenarios } from '../bench/scenarios.ts';

function worstCases(): Map<string, number> {
  const worst = new Map<string, number>();
  runScenarios((instruction, computeUnits) => {
    worst.set(instruction, Math.max(worst.get(instruction) ?? 0, Number(computeUnits)));
  });
  return worst;
}

describe('compute-unit budgets', () => {
  const worst = worstCases();

  it('measures every budgeted instruction, and budgets every measured one', () => {
    expect([...worst.keys()].sort()).toEqual(Object.keys(COMPUTE_UNIT_BUDGETS).sort());
  });

  it.each(Object.entries(COMPUTE_UNIT_BUDGETS))('%s stays within %i CU', (instruction, budget) => {
    const measured = worst.get(instruction);
    expect(measured).toBeGreaterThan(0);
    expect(measured).toBeLessThanOrEqual(budget);
  });
});

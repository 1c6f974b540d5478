import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TIME_LIMIT_ENV } from './limits.ts';
import { benchLimitS, runSmokeBench, type SmokeBench } from './smoke-runner.ts';

const fixture = fileURLToPath(new URL('../test/fixtures/fixture-bench.ts', import.meta.url));
const neverEnds = fileURLToPath(new URL('../test/fixtures/never-ends.mjs', import.meta.url));
const bench = (mode: string, limitS = 60): SmokeBench => ({
  name: `fixture ${mode}`,
  command: [process.execPath, '--import', 'tsx', fixture, mode],
  limitS,
  figures: [/^p50 [\d.]+ ms$/],
});
const run = async (b: SmokeBench) => {
  const lines: string[] = [];
  const result = await runSmokeBench(b, (line) => lines.push(line));
  return { result, lines };
};

/** Alive = exists and is not a zombie waiting for its parent to reap it. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('the smoke runner', () => {
  // The test's own timeout (10 s) bounds the report: the limit is 3 s.
  it('reports a bench that never ends within its limit, and kills it with everything it started', { timeout: 10_000 }, async () => {
    const { result, lines } = await run({ name: 'never ends', command: [process.execPath, neverEnds], limitS: 3, figures: [/^p50 /] });
    expect(result).toMatchObject({ ok: false, reason: 'no end within its limit of 3 s: killed' });
    expect(result.seconds).toBeGreaterThanOrEqual(3);
    const grandchild = Number(lines.find((l) => l.startsWith('grandchild '))?.split(' ')[1]);
    expect(grandchild).toBeGreaterThan(0);
    expect(alive(grandchild)).toBe(false);
  });

  it('passes a bench that exits 0 with its figure lines', async () => {
    expect((await run(bench('figures'))).result).toMatchObject({ ok: true });
  });

  it('passes a bench that missed a target, with a note: figures are not judged', async () => {
    expect((await run(bench('target-missed'))).result).toMatchObject({ ok: true, reason: expect.stringContaining('target was missed') });
  });

  it('fails a bench that ends without a figure line', async () => {
    expect((await run(bench('no-figures'))).result).toMatchObject({ ok: false, reason: 'missing figure line: /^p50 [\\d.]+ ms$/' });
  });

  it('fails a bench that exits with an error', async () => {
    const { result, lines } = await run(bench('throws'));
    expect(result).toMatchObject({ ok: false, reason: 'exited with code 1' });
    expect(lines.join('\n')).toContain('the fixture failed');
  });
});

describe('a bench under runBench', () => {
  it('is given a limit a little below the runner\'s, so that its own fires first', () => {
    expect([benchLimitS(6), benchLimitS(60), benchLimitS(180)]).toEqual([4, 50, 170]);
  });

  it('stops at its overall limit and names the step it was in', async () => {
    const { result, lines } = await run({ ...bench('hangs-in-step'), env: { [TIME_LIMIT_ENV]: '2' } });
    expect(result).toMatchObject({ ok: false, reason: 'exited with code 1' });
    expect(lines).toContain('[fixture] FAILED: over its time limit of 2 s, during: waiting for a server that never answers');
  });

  it('fails a step that gets no result within its own limit, with the reason', async () => {
    const { result, lines } = await run(bench('step-times-out'));
    expect(result).toMatchObject({ ok: false, reason: 'exited with code 1' });
    expect(lines).toContain('[fixture] FAILED: connect: no result within 0.5 s');
  });
});

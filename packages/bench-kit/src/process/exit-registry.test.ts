import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { startProcess } from './start-process.ts';

const parent = fileURLToPath(new URL('../../test/fixtures/kit-parent.ts', import.meta.url));

/** Alive = exists and is not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Starts the parent fixture, which starts a grandchild through the kit; resolves with both. */
async function parentWithGrandchild(mode: string) {
  const p = await startProcess({ name: `parent (${mode})`, command: process.execPath, args: ['--import', 'tsx', parent, mode], stdin: true, ready: { line: /^grandchild (\d+)$/ }, readyWithinMs: 60_000 });
  const grandchild = Number(p.ready[1]);
  expect(alive(grandchild)).toBe(true);
  return { p, grandchild };
}

// The registry's SIGKILL is sent before the parent is gone; the grandchild is then reaped by init, which the wait allows.
const expectGone = (pid: number) => vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 5_000, interval: 20 });

describe('the kill-on-exit registry', { timeout: 90_000 }, () => {
  it('kills what a process started when it exits', async () => {
    const { p, grandchild } = await parentWithGrandchild('exit');
    p.child.stdin?.end('go\n');
    expect(await p.exited).toMatchObject({ code: 0 });
    await expectGone(grandchild);
  });

  it('kills it when the process dies of an uncaught exception, which still ends the process as before', async () => {
    const { p, grandchild } = await parentWithGrandchild('throw');
    p.child.stdin?.end('go\n');
    expect(await p.exited).toMatchObject({ code: 1 });
    expect(p.output()).toContain('the parent failed');
    await expectGone(grandchild);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('kills it on %s, and the process still ends by that signal', async (signal) => {
    const { p, grandchild } = await parentWithGrandchild('signal');
    p.kill(signal);
    expect(await p.exited).toMatchObject({ signal });
    await expectGone(grandchild);
  });
});

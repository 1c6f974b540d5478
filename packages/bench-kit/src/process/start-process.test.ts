import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './port.ts';
import { startProcess, type ProcessOptions, type ReadyWhen, type StartedProcess } from './start-process.ts';

const fixture = fileURLToPath(new URL('../../test/fixtures/kit-child.mjs', import.meta.url));
const started: StartedProcess[] = [];
const start = async <W extends ReadyWhen | undefined = undefined>(mode: string, options: Omit<ProcessOptions<W>, 'name' | 'command' | 'args'> = {}) => {
  const p = await startProcess<W>({ name: `fixture ${mode}`, command: process.execPath, args: [fixture, mode], ...options });
  started.push(p);
  return p;
};
afterEach(async () => {
  for (const p of started.splice(0)) await p.stop(1_000);
});

describe('startProcess is ready', () => {
  it('by an HTTP probe once the URL answers the expected status (not before)', async () => {
    const port = await freePort();
    const p = await start('http', { env: { ...process.env, PORT: String(port) }, ready: { url: `http://127.0.0.1:${port}/`, pollMs: 20 }, readyWithinMs: 20_000 });
    // the probe saw two 503s and then the 200: the next answer is the fourth
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('4');
    expect(p.exit()).toBeNull();
  });

  it('by a line on stdout or stderr, resolving with its match', async () => {
    const p = await start('line', { ready: { line: /ready at (\d+)/ }, readyWithinMs: 20_000 });
    expect(p.ready?.[1]).toBe('42');
    expect(p.output('stdout')).toBe('starting');
    expect(p.output()).toContain('ready at 42');
  });

  it('by the IPC message it accepts, resolving with it', async () => {
    const p = await startProcess({
      name: 'fixture ipc',
      command: process.execPath,
      args: [fixture, 'ipc'],
      ipc: true,
      ready: { message: (m: unknown) => (m as { kind: string }).kind === 'ready' },
      readyWithinMs: 20_000,
    });
    started.push(p);
    expect(p.ready).toEqual({ kind: 'ready', value: 7 });
  });
});

describe('startProcess fails', () => {
  it('at its limit, with the last lines it printed', async () => {
    // all 50 lines are printed before the check that times out begins, however slow the machine
    const p = await start('silent', { ready: { line: 'line 50' }, readyWithinMs: 20_000 });
    const failure = p.waitFor({ line: 'never printed' }, 300);
    await expect(failure).rejects.toThrow(/^fixture silent not ready within 300 ms\n--- last lines of fixture silent ---\nline 11\n[^]*line 50$/);
    await expect(failure).rejects.not.toThrow(/line 10\n/);
  });

  it('at once when the process exits before it is ready, with its exit code and output', async () => {
    await expect(start('no-such-mode', { ready: { line: 'never printed' }, readyWithinMs: 60_000 })).rejects.toThrow(
      'fixture no-such-mode exited with code 2 before it was ready\n--- last lines of fixture no-such-mode ---\nno mode no-such-mode',
    );
  });

  it('at once when the command cannot be run', async () => {
    await expect(startProcess({ name: 'nothing', command: '/no/such/command' })).rejects.toThrow('nothing could not be run: spawn /no/such/command ENOENT');
  });
});

describe('stop', () => {
  it('ends a process that SIGTERM ends within its grace, without force', async () => {
    const p = await start('runs', { ready: { line: 'running' }, readyWithinMs: 20_000 });
    expect(await p.stop(10_000)).toMatchObject({ signal: 'SIGTERM', description: 'was killed by SIGTERM', forced: false });
  });

  it('kills one that ignores SIGTERM once its grace is over', async () => {
    const p = await start('ignores-term', { ready: { line: 'running' }, readyWithinMs: 20_000 });
    expect(await p.stop(300)).toMatchObject({ signal: 'SIGKILL', forced: true });
    expect(p.output()).toContain('not stopping');
  });

  it('kill sends the signal it is given', async () => {
    const p = await start('runs', { ready: { line: 'running' }, readyWithinMs: 20_000 });
    p.kill('SIGINT');
    expect(await p.exited).toMatchObject({ signal: 'SIGINT' });
  });
});

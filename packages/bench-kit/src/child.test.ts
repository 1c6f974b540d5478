import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startChild } from './child.ts';

const script = fileURLToPath(new URL('../test/fixtures/fixture-server.ts', import.meta.url));

describe('startChild', () => {
  it('fails at once, with the exit code, when the server exits before it is ready', async () => {
    await expect(startChild({ name: 'fixture server', script, args: ['exits'], readyWithinS: 60 })).rejects.toThrow(
      'fixture server exited with code 7 before it was ready',
    );
  });

  it('gets the ready values, answers requests, and stops', async () => {
    const child = await startChild<{ port: number }>({ name: 'fixture server', script, args: ['ready'], readyWithinS: 60 });
    expect(child.ready).toEqual({ port: 1234 });
    expect(await child.request({ n: 1 }, 10)).toEqual({ echo: { n: 1 } });
    await child.stop();
    await expect(child.request({ n: 2 }, 10)).rejects.toThrow('fixture server exited with code 0 before it answered');
  });
});

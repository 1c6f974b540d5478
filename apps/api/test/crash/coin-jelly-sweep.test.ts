// A Coin Jelly sweep (a completed order's deposit emptied into the desk's treasury) killed (kill -9, by its
// fail-points) at each step of its send — the order completed but nothing signed, signed but not sent, sent, confirmed, confirmed but not recorded — is
// finished exactly once by the next API process of the same deployment: the user paid once, the deposit swept once,
// the desk's SOL up by each deposit to the lamport, one landed sweep per order and nothing left pending.
import { describe, expect, it } from 'vitest';
import { expectFinishedOnce, jellyCrashWorld, orderKilledAt, STEPS, type KilledOrder } from './coin-jelly-crash.ts';

const crash = jellyCrashWorld();
const killed: KilledOrder[] = [];

describe('a Coin Jelly sweep killed mid-send', () => {
  for (const step of STEPS) {
    it(`dies at jelly_sweep:${step}`, async () => {
      crash().world.showOutputOnFailure();
      // the watcher finds the deposit, pays the user, then sweeps: the fail-point kills the process on the sweep's way
      killed.push(await orderKilledAt(crash(), 'jelly_sweep', step));
    });
  }

  it('is finished exactly once by the next process: each user paid once, each deposit swept once, to the lamport', async () => {
    crash().world.showOutputOnFailure();
    expect(killed.map((k) => k.step)).toEqual([...STEPS]);
    await expectFinishedOnce(crash(), await crash().world.start(), killed, 'jelly_sweep');
  });
});

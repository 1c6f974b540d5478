import fp from 'fastify-plugin';
import { recoverPlatformSends, type ResumeStaleClaims, type SendOwners } from '../chain/gate/index.ts';
import { jellySendOwners, jellyStaleClaims } from '../modules/coin-jelly/index.ts';
import { dealSendOwners, dealStaleClaims } from '../modules/deals/index.ts';

/**
 * The send-recovery job (SEND_RECOVERY_SECONDS): on every replica, from when the app is ready, it finishes platform
 * sends whose process died (chain/gate/recover-sends.ts), each handed to the module that owns its kind, then work
 * those modules claimed whose send was never recorded (their ResumeStaleClaims). Replicas claim sends and stale
 * claims with row locks, so each is finished by one. Never two runs at once here; stops with the app.
 */
export const sendRecoveryJob = fp(
  async (app) => {
    const settings = app.config.sendRecovery;
    const chain = app.chain;
    if (!settings || settings.pollMs <= 0 || !chain) return;
    const ctx = { db: app.db, chain, now: app.config.now, feePayer: app.config.feePayer, log: app.log };
    const owners: SendOwners = { ...dealSendOwners(ctx), ...(app.coinJelly ? jellySendOwners(app.coinJelly.ctx) : {}) };
    const resumers: ResumeStaleClaims[] = [dealStaleClaims(ctx), ...(app.coinJelly ? [jellyStaleClaims(app.coinJelly.ctx)] : [])];
    let running: Promise<void> | null = null;
    const tick = () => {
      if (running) return;
      running = recoverPlatformSends(ctx, owners, { staleMs: settings.staleMs, resumers })
        .then((report) => {
          if (report.landed.length || report.failed.length || report.expired.length || report.resumed.length) app.log.info({ sendRecovery: report }, 'send recovery: sends finished');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'send recovery job failed'))
        .finally(() => {
          running = null;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(tick, settings.pollMs);
      timer.unref();
      tick();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'send-recovery-job', dependencies: ['coin-jelly-service'] },
);

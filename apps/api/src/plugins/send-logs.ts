import fp from 'fastify-plugin';
import { observeSends, type SendEnd } from '../chain/gate/index.ts';
import { logEvent, type LogEvent } from '../lib/log-events.ts';

const END_EVENTS: Record<SendEnd, LogEvent> = {
  landed: 'send.landed',
  failed: 'send.failed',
  expired: 'send.expired',
  dropped: 'send.dropped',
};

/**
 * One line per platform send recorded by the gate and per send ended (chain/gate/send-record.ts), whoever sent it
 * and whoever finished it (the request, a job, the send recovery): heard where the metrics hear them, after the
 * database transaction committed. The transaction id is `tx`: a field named `signature` is redacted (plugins/logging.ts).
 */
export const sendLogs = fp(
  async (app) => {
    const stop = observeSends(app.db, {
      recorded: (kind, send) => logEvent(app.log, 'send.recorded', { send: { kind, tx: send.signature, ownerRef: send.ownerRef } }, `platform send recorded: ${kind}`),
      ended: (kind, end, seconds, send) =>
        logEvent(app.log, END_EVENTS[end], { send: { kind, tx: send.signature, ownerRef: send.ownerRef, seconds } }, `platform send ${end}: ${kind}`),
    });
    app.addHook('onClose', async () => stop());
  },
  { name: 'send-logs' },
);

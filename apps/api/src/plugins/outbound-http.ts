import fp from 'fastify-plugin';
import { createOutboundHttp } from '../lib/outbound-http.ts';
import { DEFAULT_OUTBOUND_CONFIG } from '../lib/outbound-policy.ts';

/**
 * `app.outboundFetch`: the one client every module uses for its outbound requests (token icons, price feeds, the
 * Jupiter reference, Telegram), with the configured allow-list. Its connections end when the app closes.
 */
export const outboundHttp = fp(
  async (app) => {
    const outbound = createOutboundHttp(app.config.outbound ?? DEFAULT_OUTBOUND_CONFIG);
    app.decorate('outboundFetch', outbound.fetch);
    app.addHook('onClose', async () => outbound.close());
  },
  { name: 'outbound-http' },
);

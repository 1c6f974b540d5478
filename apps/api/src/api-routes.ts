import type { FastifyPluginAsync } from 'fastify';
import { assetRoutes } from './modules/assets/routes.ts';
import { attachmentRoutes } from './modules/attachments/routes.ts';
import { loadBundledAssets } from './modules/assets/bundled-assets.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { catalogueRoutes } from './modules/catalogues/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { dealRoutes } from './modules/deals/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { createCallerCountry } from './modules/orders/caller-country.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { createPriceFeed } from './modules/prices/create-price-feed.ts';
import { priceRoutes } from './modules/prices/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { platformRoutes } from './modules/platform/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { realtimeRoutes } from './realtime/plugin.ts';

/** Every product area's routes; mounted under /api by app.ts. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  const assets = await loadBundledAssets();
  await app.register(healthRoutes);
  await app.register(realtimeRoutes);
  await app.register(notificationRoutes);
  await app.register(authRoutes);
  await app.register(catalogueRoutes, { hasFlag: (countryCode) => assets.flags.has(`${countryCode}.svg`) });
  await app.register(platformRoutes);
  await app.register(assetRoutes, { assets });
  const priceFeed = createPriceFeed(app.config.prices?.feed ?? { kind: 'bundled' }, { now: () => app.config.now().getTime() });
  const callerCountry = createCallerCountry(app.config.trustedProxies);
  await app.register(priceRoutes, { priceFeed, floatingRefreshMs: app.config.prices?.floatingRefreshMs ?? 0 });
  await app.register(orderRoutes, { priceFeed, callerCountry });
  await app.register(marketRoutes, { callerCountry });
  await app.register(chatRoutes);
  await app.register(attachmentRoutes);
  await app.register(dealRoutes);
  await app.register(supportRoutes);
};

import fp from 'fastify-plugin';
import type { DatabaseConfig } from '../shared-config.ts';
import { openDatabase } from '../db/connect.ts';

/** Opens (and migrates) the database before routes load; closes it when the app closes. */
export const database = fp<{ database: DatabaseConfig }>(async (app, options) => {
  const handle = await openDatabase(options.database, (error) =>
    app.log.warn({ err: error }, 'an idle database connection was lost; the pool will open a new one'),
  );
  app.decorate('db', handle.db);
  app.decorate('pingDatabase', handle.ping);
  app.decorate('databasePool', handle.poolStats);
  app.addHook('onClose', async () => {
    await handle.close();
  });
});

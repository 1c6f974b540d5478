// @ts-check
// `npm start`: builds what changed (scripts/build.mjs), then runs the compiled server in this process. The web app
// builds while the server starts (the server waits for it just before it listens), since neither needs the other.
import { buildServer, buildWeb, SERVER_BUNDLE } from './build.mjs';
import { pathToFileURL } from 'node:url';

const webBuilt = buildWeb();
// Handled where the server awaits it (a failed web build fails the start there), not as an unhandled rejection.
webBuilt.catch(() => {});
await buildServer();
const { startServer, failedToStart } = await import(pathToFileURL(SERVER_BUNDLE).href);
await startServer({ webBuilt }).catch(failedToStart);

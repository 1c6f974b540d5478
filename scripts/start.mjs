// @ts-check
// `npm start`: builds what changed (scripts/build.mjs), then runs the compiled server in this process.
import { buildAll, SERVER_BUNDLE } from './build.mjs';
import { pathToFileURL } from 'node:url';

await buildAll();
await import(pathToFileURL(SERVER_BUNDLE).href);

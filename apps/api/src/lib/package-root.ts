import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@jelly/api';

/**
 * The API package's folder. The server runs from its sources (tests, `npm run dev`) and from the built bundle
 * (`dist/server.js`, `npm start`), at different depths, so files shipped beside the code (migrations, icons, the
 * bundled prices, the web build) are found from the package's own package.json, never from a fixed `../..`.
 */
export const API_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME) return dir;
    if (dirname(dir) === dir) throw new Error(`${PACKAGE_NAME}: package.json not found above ${start}`);
  }
}

/** A path inside the API package. */
export function apiPath(...parts: string[]): string {
  return join(API_ROOT, ...parts);
}

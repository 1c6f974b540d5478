import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILT_IN_COIN_ICON } from '@jelly/contracts';
import * as flagSvgs from 'country-flag-icons/string/3x2';
import { apiPath } from '../../lib/package-root.ts';

const ASSETS_DIR = apiPath('assets');

/** Bundled SVG icons by group and file name, e.g. `flags` → `EU.svg`. Loaded once at start. */
export type AssetGroups = Record<'flags' | 'coins' | 'currencies', ReadonlyMap<string, string>>;

async function readSvgFolder(folder: string): Promise<Map<string, string>> {
  const dir = join(ASSETS_DIR, folder);
  const files = (await readdir(dir)).filter((file) => file.endsWith('.svg'));
  return new Map(await Promise.all(files.map(async (file) => [file, await readFile(join(dir, file), 'utf8')] as const)));
}

export async function loadBundledAssets(): Promise<AssetGroups> {
  const flags = new Map(Object.entries(flagSvgs as Record<string, string>).map(([code, svg]) => [`${code}.svg`, svg]));
  return {
    flags,
    coins: await readSvgFolder('coins'),
    currencies: await readSvgFolder('currencies'),
  };
}

/**
 * Whether `path` names a coin icon the server ships (as the built-in coins' catalogue entries do,
 * e.g. /api/assets/coins/usdc.svg): such a path is kept as it is, nothing is fetched.
 */
export function isBundledCoinIcon(path: string): boolean {
  const file = BUILT_IN_COIN_ICON.exec(path)?.[1];
  return file !== undefined && file !== '' && existsSync(join(ASSETS_DIR, 'coins', file));
}

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
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

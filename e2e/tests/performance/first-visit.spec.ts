import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { e2eWebDist } from '../../fixtures/server-env.ts';

/** A signed-out first visit may download at most this much JavaScript (compressed, as transferred). */
const FIRST_VISIT_JS_BUDGET_BYTES = 200 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const manifest = JSON.parse(readFileSync(join(e2eWebDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** Every file a manifest key loads with it (its own chunk and its static imports, transitively). */
function staticClosure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return files;
}

const WALLET_RUNTIME = 'src/lib/wallet/WalletRuntime.tsx';
/** The wallet and Solana libraries (and our escrow client): none may load before a wallet is asked for. */
const WALLET_LIBRARY = /node_modules\/(?:@solana|@solana-mobile|@wallet-standard|bs58|base-x|bn\.js|borsh)\/|packages\/escrow\//;
/** What every page loads at start: the entry, and the app it imports once the HTML shell has painted. */
const APP = 'src/main.tsx';
const entryFiles = staticClosure([...Object.keys(manifest).filter((key) => manifest[key]?.isEntry), APP]);
const walletFiles = new Set(
  [...staticClosure([WALLET_RUNTIME, ...Object.keys(manifest).filter((key) => WALLET_LIBRARY.test(key))])].filter(
    (file) => !entryFiles.has(file),
  ),
);

interface Loaded {
  file: string;
  bytes: number;
  encoding: string | undefined;
}

/** Records each JavaScript file the page downloads with its transferred (compressed) body size. */
function recordScripts(page: Page): () => Promise<Loaded[]> {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  return () =>
    Promise.all(
      responses.map(async (response) => ({
        file: new URL(response.url()).pathname.replace(/^\//, ''),
        bytes: (await response.request().sizes()).responseBodySize,
        encoding: (await response.allHeaders())['content-encoding'],
      })),
    );
}

test('a signed-out first visit to / downloads no wallet or Solana code and at most 200 KB of compressed JavaScript', async ({ page }) => {
  expect(manifest[WALLET_RUNTIME], 'the wallet runtime is a chunk of its own').toBeDefined();
  expect([...walletFiles].some((file) => /index\.browser\.esm|web3/.test(file)), '@solana/web3.js is among the wallet chunks').toBe(true);
  const scripts = recordScripts(page);

  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  const loaded = await scripts();

  expect(loaded.map((script) => script.file).filter((file) => walletFiles.has(file))).toEqual([]);
  for (const script of loaded.filter((s) => s.file.startsWith('assets/'))) expect(['br', 'gzip']).toContain(script.encoding);
  const total = loaded.reduce((sum, script) => sum + script.bytes, 0);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET_BYTES);
});

test('the signed-out market works without the wallet code, and Connect Wallet loads it', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/buy-crypto', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await scripts()).map((script) => script.file).filter((file) => walletFiles.has(file))).toEqual([]);

  const runtime = page.waitForResponse((response) => response.url().endsWith(manifest[WALLET_RUNTIME]!.file));
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  expect((await runtime).ok()).toBe(true);
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toBeVisible();
});

test('a visitor on /swap and /coin-jelly downloads no wallet or Solana code', async ({ page }) => {
  for (const path of ['/swap', '/coin-jelly']) {
    const scripts = recordScripts(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await scripts()).map((script) => script.file).filter((file) => walletFiles.has(file)), path).toEqual([]);
  }
});

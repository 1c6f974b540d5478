import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outboundRefusalOf, type OutboundFetch, type OutboundRefusedError } from '../../lib/outbound-http.ts';
import { badRequest } from '../../errors.ts';
import { isBundledCoinIcon } from '../assets/index.ts';

/** Shown wherever a token's own icon could not be fetched. */
export const PLACEHOLDER_ICON = '/api/assets/coins/token.svg';
export const ICON_PLACEHOLDER_WARNING = 'The icon could not be fetched; a placeholder is shown instead.';
/** The admin's URL (or a redirect it led to) reached for an address the server never calls: refused, not replaced. */
export const iconAddressRefused = ({ host, address, kind }: Pick<OutboundRefusedError, 'host' | 'address' | 'kind'>) =>
  `The icon URL leads to ${host === address ? address : `${host} (${address})`}, a ${kind} address; icons are fetched only from public addresses.`;
/** The limits of the one fetch the server makes for an admin-given URL. */
export const ICON_FETCH_TIMEOUT_MS = 5000;
export const ICON_MAX_BYTES = 256 * 1024;
export const TOKEN_ICONS_FOLDER = 'token-icons';
export const TOKEN_ICON_ROUTE_PREFIX = '/api/platform/token-icons/';

/**
 * Raster images only: an SVG can carry scripts, and the files are served from our own origin. The type is taken from
 * the bytes, not from the remote server's word.
 */
const SIGNATURES: readonly { ext: string; type: string; matches: (b: Buffer) => boolean }[] = [
  { ext: 'png', type: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', matches: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { ext: 'webp', type: 'image/webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];
export const ICON_CONTENT_TYPES: ReadonlyMap<string, string> = new Map(SIGNATURES.map((s) => [s.ext, s.type]));

export interface StoredIcon {
  /** The same-origin URL the catalogue shows. */
  url: string;
  /** false when the placeholder is used. */
  fetched: boolean;
}

/** Reads at most `max` bytes of the body; null when it is longer. */
async function readCapped(body: ReadableStream<Uint8Array>, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches the icon once through the outbound client (time-out, size cap, image types only, no cookies or credentials
 * sent) and stores it in the data folder under a name derived from the mint and the bytes, so pickers never load it
 * from the remote host. A URL that leads to a loopback, private or other non-public address, directly or through a
 * redirect, is refused (400): the admin asked the server to reach inside. Any other failure gives the placeholder.
 */
export async function fetchAndStoreIcon(fetch: OutboundFetch, dataDir: string, mint: string, url: string): Promise<StoredIcon> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(ICON_FETCH_TIMEOUT_MS),
      redirect: 'follow',
      credentials: 'omit',
      headers: { accept: 'image/png, image/jpeg, image/gif, image/webp' },
    });
    const declared = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const length = Number(response.headers.get('content-length') ?? '0');
    if (!response.ok || !response.body || !declared.startsWith('image/') || length > ICON_MAX_BYTES) {
      await response.body?.cancel();
      return { url: PLACEHOLDER_ICON, fetched: false };
    }
    const bytes = await readCapped(response.body, ICON_MAX_BYTES);
    const kind = bytes ? SIGNATURES.find((s) => s.matches(bytes)) : undefined;
    if (!bytes || !kind) return { url: PLACEHOLDER_ICON, fetched: false };
    const name = `${mint}-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.${kind.ext}`;
    const folder = join(dataDir, TOKEN_ICONS_FOLDER);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, name), bytes);
    return { url: `${TOKEN_ICON_ROUTE_PREFIX}${name}`, fetched: true };
  } catch (error) {
    const refusal = outboundRefusalOf(error);
    if (refusal) throw badRequest(iconAddressRefused(refusal), { field: 'icon' });
    return { url: PLACEHOLDER_ICON, fetched: false };
  }
}

export const noBuiltInIcon = (path: string) => `No built-in icon at ${path}.`;

/**
 * The icon a token is listed with: none given → the placeholder (the icon is optional); a built-in icon's path, like
 * the bundled coins' (/api/assets/coins/usdc.svg) → kept as it is once the server is found to ship it (400 for the
 * icon field otherwise); a URL → fetched and stored as above.
 */
export async function resolveTokenIcon(fetch: OutboundFetch, dataDir: string, mint: string, icon: string | undefined): Promise<StoredIcon & { given: boolean }> {
  if (icon === undefined) return { url: PLACEHOLDER_ICON, fetched: false, given: false };
  if (icon.startsWith('/')) {
    if (!isBundledCoinIcon(icon)) throw badRequest(noBuiltInIcon(icon), { field: 'icon' });
    return { url: icon, fetched: true, given: true };
  }
  return { ...(await fetchAndStoreIcon(fetch, dataDir, mint, icon)), given: true };
}

import type { AdminToken, NewCoinResponse, UpdateTokenRequest } from '@jelly/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Chain } from '../../chain/chain.ts';
import type { Database } from '../../db/connect.ts';
import type { Queryable } from '../../db/rows.ts';
import type { OutboundFetch } from '../../lib/outbound-http.ts';
import { tokens } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { recordAdminAct } from '../audit/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertListedToken, updateListedToken, type TokenChanges } from '../catalogues/index.ts';
import { ICON_PLACEHOLDER_WARNING, resolveTokenIcon } from './fetch-icon.ts';
import { inspectMint } from './inspect-mint.ts';
import { checkLookalikeSymbol } from './token-lookalike.ts';

export const TOKEN_ALREADY_LISTED = 'This token is already listed.';
export const TOKEN_NOT_FOUND = 'No listed token has this mint.';
export const decimalsMismatch = (onChain: number) => `Decimals do not match the chain: the mint has ${onChain} decimals.`;

type TokenRow = typeof tokens.$inferSelect;

export function toAdminToken(row: TokenRow): AdminToken {
  return {
    symbol: row.symbol,
    name: row.name,
    mint: row.mint,
    decimals: row.decimals,
    isVerified: row.isVerified,
    mintDevnet: row.mintDevnet,
    icon: row.icon,
    disabled: row.disabled,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listAdminTokens(db: Queryable): Promise<AdminToken[]> {
  const rows = await db.select().from(tokens).orderBy(asc(tokens.position), asc(tokens.createdAt), asc(tokens.symbol));
  return rows.map(toAdminToken);
}

interface NewToken {
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  isVerified?: boolean | undefined;
  confirmLookalikeSymbol?: boolean | undefined;
  mintDevnet?: string | null | undefined;
  icon?: string | undefined;
}

export interface TokenContext {
  db: Database;
  chain: Chain;
  dataDir: string;
  now: () => Date;
  /** The outbound client the icon is fetched with. */
  fetch: OutboundFetch;
}

/**
 * POST /admin/new-coin-p2p — lists a token after reading its mint from the configured chain: it must exist, be an
 * SPL Token mint the escrow can move (a Token-2022 transfer fee is refused) and have the decimals given. The icon is
 * optional (the placeholder), a built-in icon's path, or a URL fetched once and stored locally. The new token is in /platform/coins at once and takes offers.
 * A symbol a listed token's could be taken for needs the admin's confirmation and a distinct name; Verified is off
 * unless asked for when someone can still mint or freeze the token.
 */
export async function createToken(
  ctx: TokenContext,
  admin: AuthUser,
  body: NewToken,
): Promise<NewCoinResponse> {
  const inspection = await inspectMint(ctx.db, ctx.chain, body.mint);
  if (inspection.alreadyListed) throw conflict(TOKEN_ALREADY_LISTED);
  if (inspection.refusal) throw badRequest(inspection.refusal, { field: 'mint' });
  if (inspection.decimals !== body.decimals) throw badRequest(decimalsMismatch(inspection.decimals ?? 0), { field: 'decimals' });
  await checkLookalikeSymbol(ctx.db, body, body.confirmLookalikeSymbol === true);
  // A token someone can still mint or freeze is not vouched for unless the admin says so.
  const isVerified = body.isVerified ?? (inspection.mintAuthority === null && inspection.freezeAuthority === null);
  const icon = await resolveTokenIcon(ctx.fetch, ctx.dataDir, body.mint, body.icon);
  // No icon given is no failure: the placeholder is what the admin asked for.
  const warnings = [...inspection.warnings, ...(icon.given && !icon.fetched ? [ICON_PLACEHOLDER_WARNING] : [])];
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertListedToken(tx, {
      mint: body.mint,
      symbol: body.symbol,
      name: body.name,
      decimals: body.decimals,
      isVerified,
      mintDevnet: body.mintDevnet ?? null,
      icon: icon.url,
      createdAt: now,
    });
    if (!inserted) throw conflict(TOKEN_ALREADY_LISTED);
    const after = toAdminToken(inserted);
    await recordAdminAct(tx, {
      actor: admin.wallet,
      action: 'token_added',
      subject: body.mint,
      before: null,
      after: { ...after, iconSource: body.icon ?? null, program: inspection.program, warnings },
      at: now,
    });
    return inserted;
  });
  return { token: toAdminToken(row), warnings };
}

/** PATCH /admin/tokens/{mint} — edits or disables a listed token; a new icon URL is fetched and stored like on create. */
export async function updateToken(
  ctx: Omit<TokenContext, 'chain'>,
  admin: AuthUser,
  mint: string,
  body: UpdateTokenRequest,
): Promise<{ token: AdminToken; warnings: string[] }> {
  const [current] = await ctx.db.select().from(tokens).where(eq(tokens.mint, mint));
  if (!current) throw notFound(TOKEN_NOT_FOUND);
  if (body.symbol !== undefined || body.name !== undefined) {
    const label = { mint, symbol: body.symbol ?? current.symbol, name: body.name ?? current.name };
    await checkLookalikeSymbol(ctx.db, label, body.confirmLookalikeSymbol === true);
  }
  const warnings: string[] = [];
  const changes: TokenChanges = {};
  if (body.symbol !== undefined) changes.symbol = body.symbol;
  if (body.name !== undefined) changes.name = body.name;
  if (body.isVerified !== undefined) changes.isVerified = body.isVerified;
  if (body.mintDevnet !== undefined) changes.mintDevnet = body.mintDevnet;
  if (body.disabled !== undefined) changes.disabled = body.disabled;
  if (body.position !== undefined) changes.position = body.position;
  if (body.icon !== undefined) {
    const icon = await resolveTokenIcon(ctx.fetch, ctx.dataDir, mint, body.icon);
    changes.icon = icon.url;
    if (!icon.fetched) warnings.push(ICON_PLACEHOLDER_WARNING);
  }
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateListedToken(tx, mint, changes);
    if (!updated) throw new AppError('NOT_FOUND', TOKEN_NOT_FOUND);
    await recordAdminAct(tx, {
      actor: admin.wallet,
      action: 'token_changed',
      subject: mint,
      before: toAdminToken(current),
      after: toAdminToken(updated),
      at: now,
    });
    return updated;
  });
  return { token: toAdminToken(row), warnings };
}

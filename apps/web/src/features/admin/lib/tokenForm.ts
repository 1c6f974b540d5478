import { newCoinRequest, type NewCoinRequest, type TokenInspection } from '@jelly/contracts';
import { looksAlike, shortenWallet } from '@jelly/domain';

export interface TokenForm {
  mint: string;
  symbol: string;
  name: string;
  /** As typed in the number field. */
  decimals: string;
  /** null until the admin flips it: it then follows the chain (see verifiedByDefault). */
  isVerified: boolean | null;
  /** The admin lists it beside a listed token whose symbol could be taken for this one's. */
  confirmLookalikeSymbol: boolean;
  mintDevnet: string;
  icon: string;
}

export const emptyTokenForm: TokenForm = { mint: '', symbol: '', name: '', decimals: '', isVerified: null, confirmLookalikeSymbol: false, mintDevnet: '', icon: '' };

/** Verified is on by default only for a mint read from the chain that nobody can mint or freeze any more (as the API). */
export const verifiedByDefault = (onChain: TokenInspection | undefined): boolean =>
  onChain !== undefined && onChain.mintAuthority === null && onChain.freezeAuthority === null;

interface ListedLabel {
  mint: string;
  symbol: string;
  name: string;
}

/** Listed tokens (other than this mint) whose symbol a trader could take for the one typed. */
export function lookalikeTokens(form: TokenForm, listed: readonly ListedLabel[]): ListedLabel[] {
  const symbol = form.symbol.trim();
  if (symbol === '') return [];
  return listed.filter((token) => token.mint !== form.mint.trim() && looksAlike(token.symbol, symbol));
}

export const describeListed = (listed: readonly ListedLabel[]) => listed.map((t) => `${t.symbol} (${t.name}, ${shortenWallet(t.mint)})`).join(', ');
export const CONFIRM_LOOKALIKE = 'Confirm below to list a second token with a symbol traders could take for a listed one';
export const DISTINCT_NAME_NEEDED = 'Give it a name of its own: traders tell look-alike symbols apart by name';

export type TokenFormCheck = { ok: true; value: NewCoinRequest } | { ok: false; fields: Partial<Record<keyof TokenForm, string>> };

const REQUIRED: Partial<Record<keyof TokenForm, string>> = {
  mint: 'Mint is required',
  symbol: 'Symbol is required',
  name: 'Name is required',
  decimals: 'Decimals are required',
};

/**
 * The Add Token form as the API will take it: symbol, name and mint required, decimals a whole number that must match
 * what the chain holds for the mint; the icon optional (a placeholder otherwise), a URL or a built-in icon's path.
 */
export function checkNewToken(form: TokenForm, onChain: TokenInspection | undefined, lookalikes: readonly ListedLabel[] = []): TokenFormCheck {
  const fields: Partial<Record<keyof TokenForm, string>> = {};
  for (const [field, message] of Object.entries(REQUIRED) as [keyof TokenForm, string][]) {
    if (String(form[field]).trim() === '') fields[field] = message;
  }
  const body = {
    mint: form.mint.trim(),
    symbol: form.symbol.trim(),
    name: form.name.trim(),
    decimals: form.decimals.trim() === '' ? Number.NaN : Number(form.decimals),
    isVerified: form.isVerified ?? verifiedByDefault(onChain),
    ...(lookalikes.length > 0 && form.confirmLookalikeSymbol ? { confirmLookalikeSymbol: true } : {}),
    mintDevnet: form.mintDevnet.trim() === '' ? undefined : form.mintDevnet.trim(),
    icon: form.icon.trim() === '' ? undefined : form.icon.trim(),
  };
  const parsed = newCoinRequest.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof TokenForm;
      fields[field] ??= issue.message;
    }
  }
  if (!fields.decimals && onChain?.decimals != null && body.decimals !== onChain.decimals) {
    fields.decimals = `The mint has ${onChain.decimals} decimals on chain`;
  }
  if (!fields.mint && onChain?.refusal) fields.mint = onChain.refusal;
  if (!fields.symbol && lookalikes.length > 0 && !form.confirmLookalikeSymbol) fields.symbol = CONFIRM_LOOKALIKE;
  if (!fields.name && lookalikes.length > 0 && lookalikes.some((token) => looksAlike(token.name, body.name))) fields.name = DISTINCT_NAME_NEEDED;
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value: body };
}

/** The form's fields (a server refusal names one in `details.field`). */
const TOKEN_FORM_FIELDS: readonly (keyof TokenForm)[] = ['mint', 'symbol', 'name', 'decimals', 'isVerified', 'confirmLookalikeSymbol', 'mintDevnet', 'icon'];

export const isTokenFormField = (field: unknown): field is keyof TokenForm => TOKEN_FORM_FIELDS.includes(field as keyof TokenForm);

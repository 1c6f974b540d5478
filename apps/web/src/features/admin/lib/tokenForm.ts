import { newCoinRequest, type NewCoinRequest, type TokenInspection } from '@jelly/contracts';

export interface TokenForm {
  mint: string;
  symbol: string;
  name: string;
  /** As typed in the number field. */
  decimals: string;
  isVerified: boolean;
  mintDevnet: string;
  icon: string;
}

export const emptyTokenForm: TokenForm = { mint: '', symbol: '', name: '', decimals: '', isVerified: true, mintDevnet: '', icon: '' };

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
export function checkNewToken(form: TokenForm, onChain: TokenInspection | undefined): TokenFormCheck {
  const fields: Partial<Record<keyof TokenForm, string>> = {};
  for (const [field, message] of Object.entries(REQUIRED) as [keyof TokenForm, string][]) {
    if (String(form[field]).trim() === '') fields[field] = message;
  }
  const body = {
    mint: form.mint.trim(),
    symbol: form.symbol.trim(),
    name: form.name.trim(),
    decimals: form.decimals.trim() === '' ? Number.NaN : Number(form.decimals),
    isVerified: form.isVerified,
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
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, value: body };
}

/** The form's fields (a server refusal names one in `details.field`). */
const TOKEN_FORM_FIELDS: readonly (keyof TokenForm)[] = ['mint', 'symbol', 'name', 'decimals', 'isVerified', 'mintDevnet', 'icon'];

export const isTokenFormField = (field: unknown): field is keyof TokenForm => TOKEN_FORM_FIELDS.includes(field as keyof TokenForm);

/**
 * The sign-in message, in the spirit of Sign-In With Solana (SIWS / EIP-4361).
 * Pure: the server rebuilds it from its own nonce record to verify a signature,
 * the web app may show it, and tests check it.
 */
export interface SignInMessageFields {
  /** Host (with port when not default) of the site asking for the signature, e.g. `localhost:8080`. */
  domain: string;
  /** base58 wallet address that signs. */
  wallet: string;
  /** Origin of the site, e.g. `http://localhost:8080`. */
  uri: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}

export const SIGN_IN_STATEMENT = 'Sign in to Jelly.';
export const SIGN_IN_VERSION = '1';
export const SIGN_IN_CHAIN_ID = 'solana';

/** The exact UTF-8 text the wallet signs. */
export function buildSignInMessage(fields: SignInMessageFields): string {
  return [
    `${fields.domain} wants you to sign in with your Solana account:`,
    fields.wallet,
    '',
    SIGN_IN_STATEMENT,
    '',
    `URI: ${fields.uri}`,
    `Version: ${SIGN_IN_VERSION}`,
    `Chain ID: ${SIGN_IN_CHAIN_ID}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
    `Expiration Time: ${fields.expiresAt.toISOString()}`,
  ].join('\n');
}

/** Reads the fields back from a message built by {@link buildSignInMessage}; null when it is not one. */
export function parseSignInMessage(message: string): SignInMessageFields | null {
  const lines = message.split('\n');
  if (lines.length !== 11) return null;
  const [header, wallet, blank1, statement, blank2, uri, version, chain, nonce, issuedAt, expiresAt] = lines;
  const suffix = ' wants you to sign in with your Solana account:';
  if (!header?.endsWith(suffix) || blank1 !== '' || blank2 !== '' || statement !== SIGN_IN_STATEMENT) return null;
  if (version !== `Version: ${SIGN_IN_VERSION}` || chain !== `Chain ID: ${SIGN_IN_CHAIN_ID}`) return null;
  const value = (line: string | undefined, label: string): string | null =>
    line?.startsWith(`${label}: `) ? line.slice(label.length + 2) : null;
  const fields = {
    uri: value(uri, 'URI'),
    nonce: value(nonce, 'Nonce'),
    issuedAt: value(issuedAt, 'Issued At'),
    expiresAt: value(expiresAt, 'Expiration Time'),
  };
  if (!wallet || !fields.uri || !fields.nonce || !fields.issuedAt || !fields.expiresAt) return null;
  const issued = new Date(fields.issuedAt);
  const expires = new Date(fields.expiresAt);
  if (Number.isNaN(issued.getTime()) || Number.isNaN(expires.getTime())) return null;
  return {
    domain: header.slice(0, -suffix.length),
    wallet,
    uri: fields.uri,
    nonce: fields.nonce,
    issuedAt: issued,
    expiresAt: expires,
  };
}

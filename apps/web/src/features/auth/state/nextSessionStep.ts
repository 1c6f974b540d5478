/** What the session logic sees. */
export interface SessionInputs {
  /** Address of the connected wallet, null when none is connected. */
  connectedWallet: string | null;
  /** The wallet the stored token belongs to. */
  signedInWallet: string | null;
  hasToken: boolean;
  signingIn: boolean;
  noAutoSignInFor: string | null;
}

export type SessionStep =
  | { kind: 'none' }
  | { kind: 'signIn'; wallet: string }
  /** The connected address differs from the signed-in one: log out, then sign in with the new one. */
  | { kind: 'switchWallet'; wallet: string };

/** Decides whether to start a sign-in now. Pure: the hook feeds it the store and the wallet. */
export function nextSessionStep(inputs: SessionInputs): SessionStep {
  const { connectedWallet, signedInWallet, hasToken, signingIn, noAutoSignInFor } = inputs;
  if (!connectedWallet || signingIn) return { kind: 'none' };
  if (hasToken) {
    return signedInWallet === connectedWallet ? { kind: 'none' } : { kind: 'switchWallet', wallet: connectedWallet };
  }
  if (noAutoSignInFor === connectedWallet) return { kind: 'none' };
  return { kind: 'signIn', wallet: connectedWallet };
}

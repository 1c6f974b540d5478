import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { nextSessionStep } from '../state/nextSessionStep.ts';
import { signIn, type SignMessage } from '../state/signIn.ts';
import type { AuthDispatch, AuthRootState } from '../state/types.ts';

/**
 * Starts sign-in when a wallet is connected without a session, and switches sessions when the
 * connected address changes. The caller passes the wallet (composed in src/app).
 */
export function useAutoSignIn(connectedWallet: string | null, signMessage: SignMessage | undefined): void {
  const dispatch = useDispatch<AuthDispatch>();
  const token = useSelector((state: AuthRootState) => state.user.token);
  const signedInWallet = useSelector((state: AuthRootState) => state.user.wallet);
  const signingIn = useSelector((state: AuthRootState) => state.session.signingIn);
  const noAutoSignInFor = useSelector((state: AuthRootState) => state.session.noAutoSignInFor);

  const signMessageRef = useRef(signMessage);
  useEffect(() => {
    signMessageRef.current = signMessage;
  }, [signMessage]);

  useEffect(() => {
    const step = nextSessionStep({ connectedWallet, signedInWallet, hasToken: token !== null, signingIn, noAutoSignInFor });
    if (step.kind === 'none') return;
    void dispatch(
      signIn({ wallet: step.wallet, signMessage: signMessageRef.current, replacePrevious: step.kind === 'switchWallet' }),
    );
  }, [dispatch, connectedWallet, signedInWallet, token, signingIn, noAutoSignInFor]);
}

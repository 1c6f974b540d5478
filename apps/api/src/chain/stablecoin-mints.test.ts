import { KNOWN_MINTS } from '@jelly/contracts';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { readStablecoinMints } from './stablecoin-mints.ts';

const DEVNET_USDC = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

describe('the stablecoin mints of the configured cluster', () => {
  it('follow SOLANA_CLUSTER, and STABLECOIN_MINTS overrides them', () => {
    expect(readStablecoinMints({})).toEqual({ ok: true, config: { USDC: KNOWN_MINTS.USDC, USDT: KNOWN_MINTS.USDT } });
    expect(readStablecoinMints({ SOLANA_CLUSTER: 'mainnet-beta' })).toEqual({ ok: true, config: { USDC: KNOWN_MINTS.USDC, USDT: KNOWN_MINTS.USDT } });
    expect(readStablecoinMints({ SOLANA_CLUSTER: 'devnet' })).toEqual({ ok: true, config: { USDC: DEVNET_USDC } });
    const usdt = Keypair.generate().publicKey.toBase58();
    expect(readStablecoinMints({ SOLANA_CLUSTER: 'devnet', STABLECOIN_MINTS: ` USDT=${usdt} ` })).toEqual({
      ok: true,
      config: { USDC: DEVNET_USDC, USDT: usdt },
    });
  });

  it('refuses a malformed STABLECOIN_MINTS with the reason', () => {
    expect(readStablecoinMints({ STABLECOIN_MINTS: 'USDC' })).toEqual({ ok: false, problems: ["STABLECOIN_MINTS: 'USDC' is not SYMBOL=mint"] });
    expect(readStablecoinMints({ STABLECOIN_MINTS: `DAI=${DEVNET_USDC}` })).toEqual({ ok: false, problems: ['STABLECOIN_MINTS: DAI is not one of USDC, USDT'] });
    expect(readStablecoinMints({ STABLECOIN_MINTS: 'USDC=not-a-mint' })).toEqual({ ok: false, problems: ['STABLECOIN_MINTS: not-a-mint is not a Solana address'] });
  });
});

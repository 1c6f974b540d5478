import { Keypair, LAMPORTS_PER_SOL } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { SYSTEM_PROGRAM_ID } from './chain/account.ts';
import { LocalnetChain } from './chain/localnet-chain.ts';
import { bootstrapLedger, STABLECOIN_MINTS } from './bootstrap.ts';
import { createFaucet } from './faucet.ts';

describe('faucet reserve', () => {
  it('refills its own SOL when it runs low instead of failing', () => {
    const chain = new LocalnetChain({ historyLimit: 100 });
    const keypair = Keypair.generate();
    const faucet = createFaucet(chain, keypair, STABLECOIN_MINTS);
    bootstrapLedger(chain, { admin: Keypair.generate(), faucetKeypair: keypair, faucet, log: () => undefined });
    chain.setAccount(keypair.publicKey.toBase58(), { lamports: 10n, owner: SYSTEM_PROGRAM_ID, executable: false, rentEpoch: 0n, data: new Uint8Array() });

    const wallet = Keypair.generate().publicKey.toBase58();
    faucet.fund(wallet, { sol: 1_000n * BigInt(LAMPORTS_PER_SOL) });
    expect(chain.getAccount(wallet)?.lamports).toBe(1_000n * BigInt(LAMPORTS_PER_SOL));
    expect(chain.getAccount(keypair.publicKey.toBase58())!.lamports).toBeGreaterThan(1_000_000n * BigInt(LAMPORTS_PER_SOL));
  });
});

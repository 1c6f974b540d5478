import { getAccount, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainWallet, startTestChain, type TestChain } from '../../../test/helpers/test-chain.ts';

describe('test chain helper', () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await startTestChain();
  }, 60_000);
  afterAll(async () => {
    await chain.close();
  });

  it('runs a localnet with the escrow program and a working faucet', async () => {
    expect(chain.localnet.escrow).not.toBeNull();
    const wallet = createChainWallet();
    await chain.faucet?.(wallet.keypair.publicKey, { sol: 2_000_000_000n, usdc: 5_000_000n });
    expect(await chain.connection.getBalance(wallet.keypair.publicKey)).toBe(2_000_000_000);
    const ata = getAssociatedTokenAddressSync(chain.localnet.mints.USDC, wallet.keypair.publicKey);
    expect((await getAccount(chain.connection, ata)).amount).toBe(5_000_000n);
  });
});

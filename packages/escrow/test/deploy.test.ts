// The committed program deployed the way a real cluster deploys it: through the upgradeable BPF loader's own
// instructions (buffer, writes, DeployWithMaxDataLen, with the loader's strict ELF checks), then initialised by
// its upgrade authority only, and exercised end to end.
import { createKeyPairSignerFromBytes } from '@solana/kit';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { deployUpgradeable } from '../tools/deploy-upgradeable.ts';
import { findProgramDataAddress, initializeConfigInstruction } from '../src/client/index.ts';
import { Chain, loadProgram } from './helpers/chain.ts';
import { Escrow, expectedFee } from './helpers/escrow.ts';

describe('deployed through the upgradeable loader', () => {
  it('deploys, refuses an initialisation by anyone but the upgrade authority, and runs a full deal', async () => {
    const programKeypair = Keypair.generate();
    const chain = new Chain({ programId: programKeypair.publicKey, program: null });
    const deployer = chain.wallet(1_000_000_000_000n);
    const so = loadProgram();
    const deployment = await deployUpgradeable(
      chain.svm,
      await createKeyPairSignerFromBytes(deployer.secretKey),
      await createKeyPairSignerFromBytes(programKeypair.secretKey),
      so,
    );
    expect(deployment.programId).toBe(programKeypair.publicKey.toBase58());
    expect(deployment.programDataAddress).toBe(findProgramDataAddress(programKeypair.publicKey).toBase58());
    const programData = chain.account(findProgramDataAddress(programKeypair.publicKey));
    expect(programData?.data.subarray(45, 45 + so.length)).toEqual(so);

    // a front-runner cannot take the admin seat of a program whose upgrade authority is someone else
    const intruder = chain.wallet();
    const hijack = initializeConfigInstruction({ admin: intruder.publicKey, treasury: intruder.publicKey, programId: programKeypair.publicKey });
    expect(chain.send(hijack, [intruder]).code).toBe(6003);

    const escrow = new Escrow({ chain, admin: deployer, feeBps: 25 });
    expect(escrow.config().admin.equals(deployer.publicKey)).toBe(true);
    const seller = escrow.trader(50_000_000n);
    const buyer = escrow.trader();
    const deal = escrow.sellDeal({ orderId: 1n, ticketId: 1n, seller, buyer, amount: 50_000_000n, offerAmount: 50_000_000n });
    expect(escrow.lock(deal).ok).toBe(true);
    expect(escrow.sign(deal, buyer).ok).toBe(true);
    expect(escrow.sign(deal, seller).ok).toBe(true);
    const fee = expectedFee(50_000_000n, 25);
    expect(escrow.balance(buyer.publicKey)).toBe(50_000_000n - fee);
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(fee);
  });
});

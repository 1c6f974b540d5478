// A running deployment upgraded to the escape paths through the upgradeable loader's own instructions (buffer,
// writes, extend, upgrade: the operator's builders), with its 83-byte Config and three locked deals carried across,
// then every token taken back without the admin once the chain's clock passes the deadline.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createKeyPairSignerFromBytes } from '@solana/kit';
import { Keypair, SystemProgram } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { deployUpgradeable } from '../tools/deploy-upgradeable.ts';
import {
  BUFFER_METADATA_SIZE,
  extendProgramInstruction,
  initializeBufferInstruction,
  upgradeInstruction,
  writeInstruction,
} from '../tools/operator/loader-instructions.ts';
import { extensionFor } from '../tools/operator/upgrade-rpc.ts';
import { BPF_LOADER_UPGRADEABLE_ID, CONFIG_SIZE_V1, DEFAULT_ESCAPE_AFTER_SECONDS, findConfigPda, findProgramDataAddress } from '../src/client/index.ts';
import { Chain, loadProgram } from './helpers/chain.ts';
import { Escrow, expectedFee } from './helpers/escrow.ts';
import { escapeTicket, partiesResolve, setEscapeAfter } from './helpers/escape.ts';

// the program as deployed before the escape paths (the committed .so of that release)
const before = new Uint8Array(readFileSync(fileURLToPath(new URL('./fixtures/jelly_escrow-before-escape.so', import.meta.url))));
const WRITE_CHUNK = 900;

function upgrade(chain: Chain, authority: Keypair, program: Keypair, so: Uint8Array): void {
  const must = (result: ReturnType<Chain['send']>, what: string) => expect(result.ok, `${what}: ${result.error}`).toBe(true);
  const buffer = Keypair.generate();
  const size = BUFFER_METADATA_SIZE + so.length;
  must(
    chain.send(
      [
        SystemProgram.createAccount({ fromPubkey: authority.publicKey, newAccountPubkey: buffer.publicKey, lamports: Number(chain.rent(size)), space: size, programId: BPF_LOADER_UPGRADEABLE_ID }),
        initializeBufferInstruction(buffer.publicKey, authority.publicKey),
      ],
      [authority, buffer],
    ),
    'buffer',
  );
  for (let offset = 0; offset < so.length; offset += WRITE_CHUNK) {
    must(chain.send(writeInstruction(buffer.publicKey, authority.publicKey, offset, so.subarray(offset, offset + WRITE_CHUNK)), [authority]), 'write');
  }
  const programData = findProgramDataAddress(program.publicKey);
  const extra = extensionFor(so.length, before.length);
  if (extra > 0) must(chain.send(extendProgramInstruction(programData, program.publicKey, authority.publicKey, extra), [authority]), 'extend');
  // extending counts as a deployment in this slot; a real cluster moves on between the operator's transactions
  chain.svm.warpToSlot(chain.svm.getClock().slot + 1n);
  must(chain.send(upgradeInstruction(programData, program.publicKey, buffer.publicKey, authority.publicKey, authority.publicKey), [authority]), 'upgrade');
  chain.svm.warpToSlot(chain.svm.getClock().slot + 1n);
}

describe('upgrading a running deployment to the escape paths', () => {
  it('carries the old Config and locked deals across; after the deadline the parties recover every token alone', async () => {
    const program = Keypair.generate();
    const chain = new Chain({ programId: program.publicKey, program: null });
    const deployer = chain.wallet(1_000_000_000_000n);
    await deployUpgradeable(chain.svm, await createKeyPairSignerFromBytes(deployer.secretKey), await createKeyPairSignerFromBytes(program.secretKey), before);
    const escrow = new Escrow({ chain, admin: deployer, feeBps: 25 });
    const [configKey] = findConfigPda(program.publicKey);
    expect(chain.account(configKey)?.data.length).toBe(CONFIG_SIZE_V1);

    const seller = escrow.trader(900_000_000n);
    const buyers = [escrow.trader(), escrow.trader(), escrow.trader()];
    const deals = buyers.map((buyer, i) =>
      escrow.sellDeal({ orderId: 1n, ticketId: BigInt(i + 1), seller, buyer, amount: 100_000_000n * BigInt(i + 1), offerAmount: 900_000_000n }),
    );
    const [abandoned, released, contested] = deals as [(typeof deals)[0], (typeof deals)[0], (typeof deals)[0]];
    for (const deal of deals) expect(escrow.lock(deal).ok).toBe(true);
    expect(escrow.sign(released, seller, false).ok).toBe(true);
    expect(escrow.sign(contested, contested.fiatGuy, false).ok).toBe(true);

    upgrade(chain, deployer, program, loadProgram());
    expect(chain.account(findProgramDataAddress(program.publicKey))?.data.subarray(45, 45 + loadProgram().length)).toEqual(loadProgram());
    // the old-size Config reads as the 30-day default, on chain and in the client
    expect(chain.account(configKey)?.data.length).toBe(CONFIG_SIZE_V1);
    expect(escrow.config().escapeAfterSeconds).toBe(DEFAULT_ESCAPE_AFTER_SECONDS);
    expect(escapeTicket(escrow, abandoned, seller).code).toBe(6018);
    // only the upgrade authority sets the deadline (here it is also the admin)
    const intruder = chain.wallet();
    expect(setEscapeAfter(escrow, intruder, DEFAULT_ESCAPE_AFTER_SECONDS).code).toBe(6003);
    expect(setEscapeAfter(escrow, deployer, DEFAULT_ESCAPE_AFTER_SECONDS).ok).toBe(true);
    expect(chain.account(configKey)?.data.length).toBe(87);

    // the admin is gone: nobody uses its key from here on
    chain.advance(BigInt(DEFAULT_ESCAPE_AFTER_SECONDS));
    expect(escapeTicket(escrow, abandoned, seller).ok).toBe(true);
    expect(escapeTicket(escrow, released, released.fiatGuy).ok).toBe(true);
    expect(escapeTicket(escrow, contested, seller).code).toBe(6020);
    expect(partiesResolve(escrow, contested, true).ok).toBe(true);

    const fee = (deal: typeof released) => expectedFee(deal.amount, 25);
    expect(escrow.balance(seller.publicKey)).toBe(900_000_000n - released.amount - contested.amount);
    expect(escrow.balance(released.fiatGuy.publicKey)).toBe(released.amount - fee(released));
    expect(escrow.balance(contested.fiatGuy.publicKey)).toBe(contested.amount - fee(contested));
    expect(escrow.balance(escrow.treasury.publicKey)).toBe(fee(released) + fee(contested));
    expect(escrow.vaultBalance(1n)).toBe(0n);
  });
});

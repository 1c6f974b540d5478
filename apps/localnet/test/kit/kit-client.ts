import {
  AccountRole,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type KeyPairSigner,
} from '@solana/kit';
import { PublicKey } from '@solana/web3.js';
import type { TestLocalnet } from '../helpers.ts';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

export function kitClients(test: TestLocalnet) {
  return { rpc: createSolanaRpc(test.localnet.rpcUrl), subscriptions: createSolanaRpcSubscriptions(test.localnet.wsUrl) };
}
export type KitRpc = ReturnType<typeof kitClients>['rpc'];

export async function fundedSigner(test: TestLocalnet, sol: bigint): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  await test.localnet.faucet(new PublicKey(signer.address), { sol });
  return signer;
}

/** The system program's transfer, written out: its layout is a u32 tag (2) and a u64 amount. */
function transferInstruction(from: Address, to: Address, amount: bigint) {
  const data = new Uint8Array(12);
  const view = new DataView(data.buffer);
  view.setUint32(0, 2, true);
  view.setBigUint64(4, amount, true);
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from, role: AccountRole.WRITABLE_SIGNER },
      { address: to, role: AccountRole.WRITABLE },
    ],
    data,
  };
}

/** A signed version-0 SOL transfer built entirely with kit, as base64 wire bytes. */
export async function kitTransfer(rpc: KitRpc, payer: KeyPairSigner, to: Address, amount: bigint) {
  const { value: lifetime } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstruction(transferInstruction(payer.address, to, lamports(amount)), m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return { signed, wire: getBase64EncodedWireTransaction(signed), lifetime };
}

// npm run escrow -- escape --url <rpc> --keypair <wallet> [--do <deal or offer address>] [--yes]
// The escape kit: reads the wallet's deals and offers from the chain alone (no Jelly server), says for each what it
// may do and from when, and sends the one named with --do, signed and paid by the wallet.
import { Transaction, type Connection, type Keypair, type PublicKey } from '@solana/web3.js';
import { describeEscrowError } from '../../src/client/errors.ts';
import { chainUnixTime, escapePlan, rpcSource, sendableNow } from '../../src/client/escape/index.ts';
import { sendAndConfirm } from './send.ts';

/** Printed under each item the wallet may send now: the option that sends it. */
export const READY = 'send it with: --do';

export interface EscapeStep {
  connection: Connection;
  wallet: Keypair;
  programId: PublicKey;
  out: (line: string) => void;
  ask: (question: string) => Promise<boolean>;
  /** The deal (ticket) or offer (order) address to act on; without it the command only lists. */
  target?: string;
}

export async function escapeCommand(step: EscapeStep): Promise<number> {
  const items = await escapePlan(rpcSource(step.connection), step.wallet.publicKey, step.programId);
  const now = await chainUnixTime(step.connection);
  if (items.length === 0) step.out('No open deal or offer of this wallet on chain.');
  for (const item of items) {
    step.out(`${item.kind} ${item.address.toBase58()}\n  ${item.sentence}`);
    if (sendableNow(item, now)) step.out(`  ${READY} ${item.address.toBase58()}`);
  }
  if (!step.target) return 0;
  const item = items.find((i) => i.address.toBase58() === step.target);
  if (!item) {
    step.out(`${step.target} is not an open deal or offer of this wallet.`);
    return 1;
  }
  if (!sendableNow(item, now)) {
    step.out(`Nothing to send for ${step.target} now: ${item.sentence}`);
    return 1;
  }
  if (!(await step.ask(`Send it, signed and paid by ${step.wallet.publicKey.toBase58()}?`))) return 1;
  try {
    const signature = await sendAndConfirm(step.connection, new Transaction().add(...item.instructions()), [step.wallet]);
    step.out(`done: ${signature}`);
    return 0;
  } catch (error) {
    step.out(`refused: ${describeEscrowError(error) ?? (error instanceof Error ? error.message : String(error))}`);
    return 1;
  }
}

// The escape page's logic: the kit's decisions become rows with a button only when the chain would accept the
// transaction now, refusals read as the program's own sentence, and the RPC address picks the wallet's chain.
import { DEFAULT_ESCAPE_AFTER_SECONDS, PROGRAM_ID, escrowMessage, EscrowError, planOrder, planTicket, type Config, type FillTicket, type UniversalOrder } from '@jelly/escrow';
import { Keypair, SendTransactionError } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { escapeRows, listSummary, parseRpcUrl, refusalSentence, walletChainOf } from './escapeView.ts';

const seller = Keypair.generate().publicKey;
const buyer = Keypair.generate().publicKey;
const lastAction = 1_800_000_000n;
const deadline = lastAction + BigInt(DEFAULT_ESCAPE_AFTER_SECONDS);
const config = { treasury: Keypair.generate().publicKey, escapeAfterSeconds: DEFAULT_ESCAPE_AFTER_SECONDS } as Config;
const order = { orderId: 4n, cryptoMint: Keypair.generate().publicKey, rentPayer: seller, openTickets: 0, updatedAt: lastAction } as UniversalOrder;
const ticket = (signed: Partial<FillTicket>) =>
  ({ ticketId: 9n, amount: 12_500_000n, status: 'Locked', updatedAt: lastAction, cryptoGuy: seller, fiatGuy: buyer, cryptoGuySigned: false, fiatGuySigned: false, ...signed }) as FillTicket;

function plans(now: bigint) {
  const asSeller = { wallet: seller, config, now, programId: PROGRAM_ID };
  const asBuyer = { ...asSeller, wallet: buyer };
  return [
    planTicket(asSeller, Keypair.generate().publicKey, ticket({}), order),
    planTicket(asBuyer, Keypair.generate().publicKey, ticket({}), order),
    planTicket(asBuyer, Keypair.generate().publicKey, ticket({ cryptoGuySigned: true }), order),
    planTicket(asSeller, Keypair.generate().publicKey, ticket({ fiatGuySigned: true }), order),
    planOrder(asSeller, Keypair.generate().publicKey, order, 3n),
  ];
}

describe('the escape page', () => {
  it('offers a button only for what the wallet may take alone, and only once the chain passes the deadline', () => {
    const at = new Date(Number(deadline) * 1000).toISOString();
    const before = escapeRows(plans(deadline - 1n), deadline - 1n);
    expect(before.map((r) => r.action)).toEqual([null, null, null, null, null]);
    expect(before[0]?.sentence).toBe(`Deal 9: the buyer never marked it paid; you can take back 12500000 base units from ${at}.`);
    expect(before[4]?.sentence).toBe(`Offer 4: you can take back the 3 base units its vault holds and close it from ${at}.`);

    const after = escapeRows(plans(deadline), deadline);
    expect(after.map((r) => [r.title, r.action])).toEqual([
      ['Deal', 'Take it'],
      ['Deal', null], // the buyer waits for the seller's deadline
      ['Deal', 'Take it'], // released: the buyer takes the payout
      ['Deal', null], // contested: nothing moves alone
      ['Offer', 'Take back and close'],
    ]);
    expect(after[3]?.sentence).toMatch(/nothing moves alone/);
    expect(after[0]?.sentence).toMatch(/ now\.$/);
  });

  it('explains a refusal in the program\'s own sentence, a wallet\'s refusal, or the error itself', () => {
    const tooEarly = new SendTransactionError({ action: 'send', signature: 'x', transactionMessage: 'failed', logs: ['Program log: custom program error: 0x1782'] });
    expect(refusalSentence(tooEarly)).toBe(`Refused: ${escrowMessage(EscrowError.EscapeTooEarly)}.`);
    expect(refusalSentence(new Error('transaction abc failed: {"InstructionError":[1,{"Custom":6019}]}'))).toBe(`Refused: ${escrowMessage(EscrowError.EscapeWrongParty)}.`);
    expect(refusalSentence(Object.assign(new Error('User rejected the request.'), { code: 4001 }))).toBe('You declined in the wallet: nothing was sent.');
    expect(refusalSentence(new Error('blockhash expired'))).toBe('Not sent: blockhash expired');
  });

  it('takes any http(s) RPC address and signs for the chain it names', () => {
    expect(parseRpcUrl(' https://rpc.example.org/abc ')).toEqual({ ok: true, url: 'https://rpc.example.org/abc' });
    expect(parseRpcUrl('rpc.example.org')).toMatchObject({ ok: false });
    expect(parseRpcUrl('ftp://rpc.example.org')).toEqual({ ok: false, message: 'The RPC address must start with https:// (or http://).' });
    expect(walletChainOf('https://api.mainnet-beta.solana.com')).toBe('solana:mainnet');
    expect(walletChainOf('https://api.devnet.solana.com')).toBe('solana:devnet');
    expect(walletChainOf('http://127.0.0.1:8899')).toBe('solana:localnet');
    expect(listSummary('W', 0)).toBe('No open deal or offer of W on this chain.');
  });
});

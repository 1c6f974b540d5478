// The quote's transaction written from a template is byte for byte the one web3.js compiles for the same terms,
// for every pair, every account the transaction creates, and values the template was not made with.
import { randomInt } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { buildSwapTransaction } from './build-swap-transaction.ts';
import { defaultStablecoinMints } from '../../chain/stablecoin-mints.ts';
import { deskAssets } from './desk-assets.ts';
import { createQuoteTransactions } from './quote-transaction.ts';

const DESK_ASSETS = deskAssets(defaultStablecoinMints('mainnet-beta'));
const admin = Keypair.generate().publicKey;
const desk = Keypair.generate().publicKey;
const blockhashes = [Keypair.generate().publicKey.toBase58(), Keypair.generate().publicKey.toBase58()];
const U64_MAX = 2n ** 64n - 1n;
const amounts = [1n, 255n, 256n, 25_000_000n, 174_125_583n, U64_MAX, BigInt(randomInt(2 ** 47))];

describe('quote transactions from a template', () => {
  const pairs = DESK_ASSETS.flatMap((input) => DESK_ASSETS.filter((output) => output !== input).map((output) => [input, output] as const));

  it.each(pairs.map(([input, output]) => [input.symbol, output.symbol, input, output] as const))(
    '%s → %s: the same bytes as a compiled message, whatever the values',
    (_in, _out, input, output) => {
      const transactions = createQuoteTransactions({ admin, desk });
      for (const user of [Keypair.generate().publicKey, Keypair.generate().publicKey]) {
        for (const createDeskInputAccount of [false, true]) {
          const shape = { input, output, createUserOutputAccount: !output.native, createDeskInputAccount };
          amounts.forEach((inAmount, i) => {
            const values = { inAmount, outAmount: amounts[(i + 3) % amounts.length] as bigint, computeUnitLimit: 60_000 + randomInt(20_000) };
            const blockhash = blockhashes[i % 2] as string;
            const expected = buildSwapTransaction({ admin, desk, user, ...shape, ...values }, blockhash).transaction;
            expect(Buffer.from(transactions.build({ ...shape, user: user.toBase58() }, values, blockhash), 'base64')).toEqual(Buffer.from(expected));
          });
        }
      }
    },
  );

  it('names the admin as the fee payer', () => {
    expect(createQuoteTransactions({ admin, desk }).feePayer).toBe(admin.toBase58());
  });
});

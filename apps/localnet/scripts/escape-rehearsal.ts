// npm run rehearse:escape -w @jelly/localnet
// The rehearsal of "Jelly disappears": a fresh localnet with the escrow program, three deals locked through the program
// client (no API), then the admin key is dropped, the chain's clock moves past the escape deadline, and each party
// recovers its tokens with the CLI kit alone (`npm run escrow -- escape`, its own code path: list, then --do what it
// says is possible now). Prints the figures: tokens recovered per deal (to the base unit) and lamports each party paid.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, Transaction, sendAndConfirmTransaction, type PublicKey } from '@solana/web3.js';
import { acceptOfferAndLockInstruction, decodeConfig, decodeFillTicket, findConfigPda, findOrderPda, findTicketPda, signUniversalTicketInstruction } from '@jelly/escrow';
import { READY, runEscrowCli } from '@jelly/escrow/operator';
import { startLocalnet } from '../src/index.ts';

export interface RehearsalDeal {
  name: string;
  /** Who recovered it with the kit, and the base units that reached that wallet. */
  recoveredBy: string;
  amount: bigint;
  recovered: bigint;
}

export interface RehearsalFigures {
  deals: RehearsalDeal[];
  /** Base units each offer's own escape (escape_order) returned to its creator; null: the kit never sent it. */
  offersRecovered: (bigint | null)[];
  /** Token balances (base units) before the locks and after the escape, per wallet. */
  tokens: Record<string, { before: bigint; after: bigint }>;
  /** Lamports each party paid for its escape transactions (fees; rent comes back to the offer's rent payer). */
  lamportsPaid: Record<string, bigint>;
  /** Token accounts of the escrow still holding anything after the escape (must be none). */
  vaultsLeft: bigint;
  /** Every line the kit printed. */
  kitOutput: string[];
}

const DEAL_AMOUNTS = { abandoned: 100_000_000n, released: 250_000_001n, secondOffer: 7_654_321n } as const;

export async function rehearseEscape(): Promise<RehearsalFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jelly-escape-rehearsal-'));
  // The chain's clock: moved by hand, past the deadline, instead of waiting 30 days.
  let nowMs = Date.UTC(2026, 0, 5, 12);
  let admin: Keypair | null = Keypair.generate();
  // Blocks (and with them the Clock sysvar) move when a transaction lands or when this produces an empty one.
  let produceBlock: (() => void) | null = null;
  const slotClock = (tick: () => void) => {
    produceBlock = tick;
    return () => (produceBlock = null);
  };
  const warpTo = (ms: number) => {
    nowMs = ms;
    produceBlock?.();
  };
  const localnet = await startLocalnet({ dataDir, admin, port: 0, now: () => nowMs, slotClock, logger: () => undefined });
  try {
    const connection = new Connection(localnet.rpcUrl, { commitment: 'confirmed', wsEndpoint: localnet.wsUrl });
    const usdc = localnet.mints.USDC;
    const [configAddress] = findConfigPda();
    const config = decodeConfig((await connection.getAccountInfo(configAddress))!.data);
    const [seller, buyerA, buyerB, buyerC] = [Keypair.generate(), Keypair.generate(), Keypair.generate(), Keypair.generate()];
    const parties = { seller, buyerA, buyerB, buyerC };
    await localnet.faucet(seller.publicKey, { sol: BigInt(LAMPORTS_PER_SOL), usdc: 1_000_000_000n });
    for (const buyer of [buyerA, buyerB, buyerC]) await localnet.faucet(buyer.publicKey, { sol: BigInt(LAMPORTS_PER_SOL) });
    const token = async (owner: PublicKey) => {
      const balance = await connection.getTokenAccountBalance(getAssociatedTokenAddressSync(usdc, owner), 'confirmed').catch(() => null);
      return balance ? BigInt(balance.value.amount) : 0n;
    };
    const wallets = { ...parties, treasury: { publicKey: config.treasury } };
    const before = Object.fromEntries(await Promise.all(Object.entries(wallets).map(async ([name, w]) => [name, await token(w.publicKey)] as const)));

    // Three deals locked by the admin and the seller, as the platform does on the normal path.
    const lock = async (orderId: bigint, ticketId: bigint, buyer: Keypair, amount: bigint) => {
      if (!admin) throw new Error('the admin key is gone');
      const ix = acceptOfferAndLockInstruction({
        admin: admin.publicKey, locker: seller.publicKey, mint: usdc, orderId, ticketId, cryptoAmount: amount, fiatAmount: 100n,
        isSellOrder: true, creator: seller.publicKey, fiatGuy: buyer.publicKey, offerAmount: 600_000_000n,
      });
      await sendAndConfirmTransaction(connection, new Transaction().add(ix), [admin, seller], { commitment: 'confirmed' });
      nowMs += (config.cooldownSeconds + 1) * 1000; // the next lock on the offer waits out its cooldown
    };
    await lock(1n, 1n, buyerA, DEAL_AMOUNTS.abandoned); // the buyer never pays
    await lock(1n, 2n, buyerB, DEAL_AMOUNTS.released); // the seller releases, then Jelly is gone before the settlement
    await lock(2n, 1n, buyerC, DEAL_AMOUNTS.secondOffer); // another offer, never paid
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(signUniversalTicketInstruction({ admin: admin.publicKey, signer: seller.publicKey, orderId: 1n, ticketId: 2n })),
      [admin, seller],
      { commitment: 'confirmed' },
    );

    // Jelly disappears: no API here, and from now on nothing can reach the admin's key.
    admin = null;
    const kitOutput: string[] = [];
    /** Base units each kit send brought to its wallet, by deal or offer address. */
    const recovered = new Map<string, bigint>();
    const keyDir = mkdtempSync(path.join(tmpdir(), 'jelly-escape-keys-'));
    const lamportsBefore = Object.fromEntries(await Promise.all(Object.entries(parties).map(async ([n, k]) => [n, BigInt(await connection.getBalance(k.publicKey))] as const)));
    const kit = async (name: string, wallet: Keypair, target?: string) => {
      const file = path.join(keyDir, `${name}.json`);
      writeFileSync(file, JSON.stringify([...wallet.secretKey]));
      const printed: string[] = [];
      const argv = ['escape', '--url', localnet.rpcUrl, '--keypair', file, ...(target ? ['--do', target, '--yes'] : [])];
      const code = await runEscrowCli(argv, { out: (line) => printed.push(line), confirm: async () => false }, {});
      const lines = printed.flatMap((line) => line.split('\n'));
      kitOutput.push(`$ escape as ${name}${target ? ` --do ${target}` : ''} (exit ${code})`, ...lines);
      return { code, lines };
    };
    /** Lists the wallet's deals and offers with the kit and sends every one the kit says is possible now. */
    const escapeAll = async (name: string, wallet: Keypair) => {
      const { lines } = await kit(name, wallet);
      const ready = lines.flatMap((line) => (line.trim().startsWith(READY) ? [line.trim().slice(READY.length).trim()] : []));
      for (const address of ready) {
        const held = await token(wallet.publicKey);
        if ((await kit(name, wallet, address)).code !== 0) throw new Error(`the kit could not send ${address} for ${name}`);
        recovered.set(address, (await token(wallet.publicKey)) - held);
      }
    };
    const ticketOf = (orderId: bigint, ticketId: bigint) => findTicketPda(findOrderPda(orderId)[0], ticketId)[0];
    const deals = [
      { name: 'offer 1, deal 1 (never paid)', address: ticketOf(1n, 1n), recoveredBy: 'seller', amount: DEAL_AMOUNTS.abandoned },
      { name: 'offer 1, deal 2 (released)', address: ticketOf(1n, 2n), recoveredBy: 'buyerB', amount: DEAL_AMOUNTS.released },
      { name: 'offer 2, deal 1 (never paid)', address: ticketOf(2n, 1n), recoveredBy: 'seller', amount: DEAL_AMOUNTS.secondOffer },
    ];
    const updatedAt = await Promise.all(deals.map(async (d) => decodeFillTicket((await connection.getAccountInfo(d.address))!.data).updatedAt));
    const lastAction = Number(updatedAt.reduce((a, b) => (a > b ? a : b)));
    warpTo((lastAction + config.escapeAfterSeconds + 1) * 1000);
    for (const [name, wallet] of Object.entries(parties)) await escapeAll(name, wallet);
    // an escaped deal is the offer's last action: its deadline starts again from there
    warpTo(nowMs + (config.escapeAfterSeconds + 1) * 1000);
    await escapeAll('seller', seller);
    rmSync(keyDir, { recursive: true, force: true });

    const after = Object.fromEntries(await Promise.all(Object.entries(wallets).map(async ([name, w]) => [name, await token(w.publicKey)] as const)));
    const tokens = Object.fromEntries(Object.keys(wallets).map((name) => [name, { before: before[name]!, after: after[name]! }]));
    const lamportsPaid = Object.fromEntries(
      await Promise.all(Object.entries(parties).map(async ([n, k]) => [n, lamportsBefore[n]! - BigInt(await connection.getBalance(k.publicKey))] as const)),
    );

    const vaults = await connection.getTokenAccountsByOwner(findOrderPda(1n)[0], { mint: usdc });
    const vaults2 = await connection.getTokenAccountsByOwner(findOrderPda(2n)[0], { mint: usdc });
    const vaultsLeft = BigInt(vaults.value.length + vaults2.value.length);
    return {
      deals: deals.map(({ name, address, recoveredBy, amount }) => ({ name, recoveredBy, amount, recovered: recovered.get(address.toBase58()) ?? 0n })),
      offersRecovered: [1n, 2n].map((id) => recovered.get(findOrderPda(id)[0].toBase58()) ?? null),
      tokens,
      lamportsPaid,
      vaultsLeft,
      kitOutput,
    };
  } finally {
    await localnet.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const figures = await rehearseEscape();
  console.log(figures.kitOutput.join('\n'));
  for (const deal of figures.deals) console.log(`${deal.name}: ${deal.amount} locked, ${deal.recovered} recovered by ${deal.recoveredBy}`);
  console.log(`offers' own escapes returned ${figures.offersRecovered.join(' and ')} base units`);
  for (const [name, t] of Object.entries(figures.tokens)) console.log(`${name}: ${t.before} -> ${t.after} base units`);
  for (const [name, paid] of Object.entries(figures.lamportsPaid)) console.log(`${name} paid ${paid} lamports`);
  console.log(`escrow token accounts left: ${figures.vaultsLeft}`);
}

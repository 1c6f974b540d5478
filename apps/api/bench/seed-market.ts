import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import type pg from 'pg';

/** Fiat codes with weights (how many of every 100 offers) and their USD rates. */
const FIATS: [code: string, weight: number, perUsd: number][] = [
  ['EUR', 22, 0.92], ['USD', 22, 1], ['GBP', 8, 0.78], ['PLN', 4, 3.9], ['CHF', 2, 0.87], ['SEK', 2, 10.4],
  ['CZK', 2, 22.8], ['TRY', 4, 33.7], ['BRL', 4, 5.47], ['MXN', 3, 18.6], ['ARS', 3, 944], ['INR', 5, 83.9],
  ['NGN', 4, 1589], ['KES', 2, 129], ['ZAR', 2, 17.9], ['JPY', 2, 148], ['KRW', 1, 1350], ['IDR', 2, 15688],
  ['PHP', 2, 57], ['VND', 1, 25048], ['AUD', 1, 1.5], ['CAD', 1, 1.37], ['AED', 1, 3.67], ['UAH', 2, 41.2],
];
const TOKENS: [mint: string, symbol: string, decimals: number, usd: number, weight: number][] = [
  ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'USDC', 6, 1, 45],
  ['Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 'USDT', 6, 1, 35],
  ['So11111111111111111111111111111111111111112', 'SOL', 9, 143, 20],
];
/** Popular methods first: the seed picks with a skew towards the head of the list. */
const METHODS = [
  'sepa', 'revolut', 'wise', 'bank-transfer', 'sepa-instant', 'zelle', 'pix', 'upi', 'blik', 'paypal', 'ach', 'swift',
  'faster-payments', 'imps', 'spei', 'bizum', 'mb-way', 'ideal', 'twint', 'swish', 'vipps', 'mobilepay', 'interac-e-transfer',
  'payid', 'paynow', 'promptpay', 'duitnow', 'instapay', 'sbp', 'satispay', 'lydia', 'fedwire',
];
export const WALLETS = 20_000;

/** Filtered, sorted pages as the web app asks for them (Side always set; currency, method, price filters). */
export const MARKET_QUERIES = [
  'Side=0&Fiat=EUR&SortBy=1&Dir=0&Page=1&Size=10',
  'Side=1&Fiat=USD&SortBy=1&Dir=1&PaymentMethod=zelle&Page=1&Size=10',
  'Side=0&Fiat=EUR&SortBy=0&Dir=1&PaymentMethod=sepa&PaymentMethod=revolut&Page=1&Size=10',
  'Side=1&SortBy=2&Dir=1&PriceFrom=1&Page=1&Size=10',
  'Side=0&Fiat=GBP&SortBy=0&Dir=1&Page=3&Size=10',
  'Side=1&Fiat=PLN&SortBy=1&Dir=0&PaymentMethod=blik&Page=1&Size=10',
  'Side=0&Fiat=INR&SortBy=2&Dir=0&PaymentMethod=upi&Page=2&Size=10',
  'Side=1&Fiat=EUR&SortBy=1&Dir=0&PriceFrom=0.95&PaymentMethod=wise&Page=1&Size=10',
];

async function fill(client: pg.PoolClient, table: string, columns: string, rows: unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const values = chunk.map((row, r) => `(${row.map((_, c) => `$${r * row.length + c + 1}`).join(',')})`).join(',');
    await client.query(`INSERT INTO ${table} (${columns}) VALUES ${values}`, chunk.flat());
  }
}

/**
 * Seeds `count` offers (85 % Active, the rest Completed or Cancelled; 3 % of the active ones sold out) spread over
 * 90 days, 20,000 creators with deal counters, weighted currencies, tokens and payment methods. The market indexes
 * are dropped during the load and recreated after from their own definitions, then the table is analysed.
 */
export async function seedMarket(client: pg.PoolClient, count: number, log: (m: string) => void): Promise<void> {
  await client.query(`CREATE TEMP TABLE seed_wallet (i int PRIMARY KEY, w text NOT NULL)`);
  await client.query(`CREATE TEMP TABLE seed_fiat (i int PRIMARY KEY, code text, per_usd numeric)`);
  await client.query(`CREATE TEMP TABLE seed_token (i int PRIMARY KEY, mint text, symbol text, decimals int, usd numeric)`);
  await client.query(`CREATE TEMP TABLE seed_method (i int PRIMARY KEY, id text)`);
  const wallets = Array.from({ length: WALLETS }, (_, i) => [i + 1, bs58.encode(randomBytes(32))]);
  await fill(client, 'seed_wallet', 'i, w', wallets);
  const fiats = FIATS.flatMap(([code, weight, rate]) => Array.from({ length: weight }, () => [code, rate]));
  await fill(client, 'seed_fiat', 'i, code, per_usd', fiats.map((f, i) => [i + 1, ...f]));
  const tokens = TOKENS.flatMap(([mint, symbol, decimals, usd, weight]) => Array.from({ length: weight }, () => [mint, symbol, decimals, usd]));
  await fill(client, 'seed_token', 'i, mint, symbol, decimals, usd', tokens.map((t, i) => [i + 1, ...t]));
  // Method k appears (METHODS.length - k) times: a rough Zipf-like skew.
  const methods = METHODS.flatMap((id, k) => Array.from({ length: METHODS.length - k }, () => id));
  await fill(client, 'seed_method', 'i, id', methods.map((m, i) => [i + 1, m]));

  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'orders' AND indexname <> 'orders_pkey'`,
  );
  for (const { indexname } of indexes) await client.query(`DROP INDEX ${indexname}`);
  log(`dropped ${indexes.length} indexes for the load`);

  const chunk = 100_000;
  for (let start = 1; start <= count; start += chunk) {
    const end = Math.min(count, start + chunk - 1);
    await client.query(
      `INSERT INTO orders (creator_wallet, token_mint, token_name, token_decimal, offer_side, status, price, price_type,
         amount, total_amount, min_fiat_amount, max_fiat_amount, fiat_code, payment_method_ids, payment_window_minutes,
         created_at, updated_at)
       SELECT w.w, t.mint, t.symbol, t.decimals, x.side,
         CASE WHEN x.r_status < 0.85 THEN 0 WHEN x.r_status < 0.95 THEN 3 ELSE 4 END,
         round(t.usd * f.per_usd * (0.97 + x.r_price::numeric * 0.08), 4), 'fixed',
         CASE WHEN x.r_left < 0.03 THEN 0 WHEN x.r_left < 0.5 THEN floor(a.total * x.r_left::numeric) ELSE a.total END,
         a.total, 0, 0, f.code,
         CASE WHEN x.r_two < 0.45 OR m1.id = m2.id THEN ARRAY[m1.id] ELSE ARRAY[m1.id, m2.id] END,
         (ARRAY[15, 30, 30, 60])[1 + floor(x.r_window * 4)::int],
         now() - x.r_age * interval '90 days', now() - x.r_age * interval '90 days'
       FROM (
         SELECT (random() < 0.5)::int AS side, random() AS r_status, random() AS r_price, random() AS r_left,
           random() AS r_two, random() AS r_window, random() AS r_age, random() AS r_amount,
           1 + floor(random() * ${WALLETS})::int AS wi, 1 + floor(random() * ${fiats.length})::int AS fi,
           1 + floor(random() * ${tokens.length})::int AS ti, 1 + floor(random() * ${methods.length})::int AS m1i,
           1 + floor(random() * ${methods.length})::int AS m2i
         FROM generate_series($1::int, $2::int) AS n
       ) AS x
       JOIN seed_wallet w ON w.i = x.wi
       JOIN seed_fiat f ON f.i = x.fi
       JOIN seed_token t ON t.i = x.ti
       JOIN seed_method m1 ON m1.i = x.m1i
       JOIN seed_method m2 ON m2.i = x.m2i
       CROSS JOIN LATERAL (
         SELECT ((CASE WHEN t.symbol = 'SOL' THEN round(0.5 + x.r_amount::numeric * 50, 2) ELSE 10 + floor(x.r_amount * 5000) END)
           * power(10::numeric, t.decimals))::numeric(39, 0) AS total
       ) AS a`,
      [start, end],
    );
    log(`inserted ${end.toLocaleString('en')} offers`);
  }
  await client.query(
    `INSERT INTO trader_stats (wallet, trades, completed, cancelled)
     SELECT w, t, c, t - c FROM (
       SELECT w, t, floor(t * (0.7 + random() * 0.3))::int AS c FROM (SELECT w, floor(random() * 400)::int AS t FROM seed_wallet) AS s0
     ) AS s
     ON CONFLICT (wallet) DO NOTHING`,
  );
  for (const { indexname, indexdef } of indexes) {
    const started = Date.now();
    await client.query(indexdef);
    log(`rebuilt ${indexname} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await client.query('VACUUM (ANALYZE) orders');
  await client.query('ANALYZE trader_stats');
  log('vacuumed and analysed');
}

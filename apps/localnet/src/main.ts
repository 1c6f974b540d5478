// Runs the localnet on its own: LOCALNET_PORT (default 8899), DATA_DIR (default ./.data), ADMIN_KEYPAIR (a keypair
// file; default: generated once into the data folder). `--bare` (or LOCALNET_BARE=1) starts it without the escrow
// program: a stand-in for devnet on which the operator runs the deploy runbook (`npm run escrow -- deploy`).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadOrCreateKeypair, readKeypairFile } from './keypair-file.ts';
import { startLocalnet } from './server.ts';

const USAGE = `usage: npm start -w @jelly/localnet -- [--bare]
  --bare   no escrow program, no Config (also LOCALNET_BARE=1): deploy it with npm run escrow -- deploy
env: LOCALNET_PORT (default 8899), DATA_DIR (default ./.data), ADMIN_KEYPAIR (default: generated into DATA_DIR)`;

const { values } = parseArgs({ options: { bare: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } } });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const bare = values.bare || process.env.LOCALNET_BARE === '1' || process.env.LOCALNET_BARE === 'true';
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const port = Number.parseInt(process.env.LOCALNET_PORT ?? '8899', 10);
const admin = process.env.ADMIN_KEYPAIR
  ? readKeypairFile(process.env.ADMIN_KEYPAIR)
  : loadOrCreateKeypair(path.join(dataDir, 'localnet', 'localnet-admin-keypair.json'));

const localnet = await startLocalnet({
  dataDir,
  port,
  admin,
  deployEscrow: !bare,
  logger: (message, data) => console.log(`[localnet] ${message}`, data ? JSON.stringify(data) : ''),
});
console.log(`[localnet] RPC ${localnet.rpcUrl}  WebSocket ${localnet.wsUrl}`);
console.log(`[localnet] admin ${admin.publicKey.toBase58()}  USDC ${localnet.mints.USDC.toBase58()}  USDT ${localnet.mints.USDT.toBase58()}`);
console.log(`[localnet] escrow ${localnet.escrow ? localnet.escrow.programId.toBase58() : bare ? 'not deployed (bare)' : 'not deployed'}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void localnet.close().then(() => process.exit(0));
  });
}

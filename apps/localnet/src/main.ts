// Runs the localnet on its own, for debugging: LOCALNET_PORT (default 8899), DATA_DIR (default ./.data),
// ADMIN_KEYPAIR (a keypair file; default: generated once into the data folder).
import path from 'node:path';
import { loadOrCreateKeypair, readKeypairFile } from './keypair-file.ts';
import { startLocalnet } from './server.ts';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const port = Number.parseInt(process.env.LOCALNET_PORT ?? '8899', 10);
const admin = process.env.ADMIN_KEYPAIR
  ? readKeypairFile(process.env.ADMIN_KEYPAIR)
  : loadOrCreateKeypair(path.join(dataDir, 'localnet', 'localnet-admin-keypair.json'));

const localnet = await startLocalnet({
  dataDir,
  port,
  admin,
  logger: (message, data) => console.log(`[localnet] ${message}`, data ? JSON.stringify(data) : ''),
});
console.log(`[localnet] RPC ${localnet.rpcUrl}  WebSocket ${localnet.wsUrl}`);
console.log(`[localnet] admin ${admin.publicKey.toBase58()}  USDC ${localnet.mints.USDC.toBase58()}  USDT ${localnet.mints.USDT.toBase58()}`);
console.log(`[localnet] escrow ${localnet.escrow ? localnet.escrow.programId.toBase58() : 'not deployed'}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void localnet.close().then(() => process.exit(0));
  });
}

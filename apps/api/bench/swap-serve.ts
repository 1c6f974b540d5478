/**
 * Child process of the swap bench: the real API on the embedded localnet (generated admin and desk keys, the desk
 * funded) with the per-address swap limits lifted, a bare Fastify route, and one funded wallet. Announces
 * { api, bare, wallet (secret key bytes) } to the bench (bench kit's serveBench).
 */
import { serveBench } from '@jelly/bench-kit/child-side';
import { Keypair } from '@solana/web3.js';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { startChain } from '../src/chain/start-chain.ts';
import { loadConfig } from '../src/config.ts';
import { DEFAULT_DESK_CONFIG } from '../src/modules/swap/index.ts';

const config = await loadConfig();
const chain = await startChain(config, { info: () => {}, warn: (data, message) => console.error(message, data) });
const swap = { ...(config.swap ?? DEFAULT_DESK_CONFIG), quotesPerMinute: 1_000_000_000, submitsPerMinute: 1_000_000_000 };
const app = await buildApp({ ...config, swap }, { chain });
const api = await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ ok: true }));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

const wallet = Keypair.generate();
await chain.faucet?.(wallet.publicKey, { sol: 100_000_000_000n, usdt: 1_000_000_000_000n });

serveBench(
  { api, bare: bareAddress, wallet: [...wallet.secretKey] },
  {
    stop: async () => {
      await Promise.all([app.close(), bare.close()]);
      await chain.close();
    },
  },
);

import { Buffer } from 'buffer';

// The escrow client and @solana/web3.js call the global Buffer (a Node API); browsers have none. Importing this
// module (lib/solana does it first) provides the npm `buffer` implementation, the same one web3.js bundles.
const scope = globalThis as { Buffer?: typeof Buffer };
scope.Buffer ??= Buffer;

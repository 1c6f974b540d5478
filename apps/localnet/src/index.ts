export { startLocalnet, FAUCET_KEYPAIR_FILE, type Localnet, type LocalnetOptions } from './server.ts';
export { STABLECOIN_MINTS, STABLECOIN_DECIMALS, type Logger } from './bootstrap.ts';
export type { EscrowDeployment } from './bootstrap-escrow.ts';
export { FAUCET_LIMITS, type FaucetAmounts, type StablecoinMints } from './faucet.ts';
export { readKeypairFile, loadOrCreateKeypair } from './keypair-file.ts';

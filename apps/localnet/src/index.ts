export {
  startLocalnet,
  wallSlotClock,
  FAUCET_KEYPAIR_FILE,
  SLOT_MS,
  type Localnet,
  type LocalnetOptions,
  type SlotClock,
} from './server.ts';
export { STABLECOIN_MINTS, STABLECOIN_DECIMALS, type Logger } from './bootstrap.ts';
export type { EscrowDeployment } from './bootstrap-escrow.ts';
export { FAUCET_LIMITS, type FaucetAmounts, type StablecoinMints } from './faucet.ts';
export { readKeypairFile, loadOrCreateKeypair } from './keypair-file.ts';

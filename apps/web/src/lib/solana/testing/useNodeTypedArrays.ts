/**
 * Test-only. Under vitest's jsdom environment the global Uint8Array is jsdom's, while Node's Buffer (which
 * @solana/web3.js and @solana/buffer-layout use) extends Node's own Uint8Array; buffer-layout's `instanceof`
 * check then fails ("b must be a Uint8Array") as soon as a transaction is serialized. Browsers have one realm,
 * so this only concerns tests: put Node's Uint8Array back for the test files that build real transactions.
 */
const nodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
(globalThis as { Uint8Array: Uint8ArrayConstructor }).Uint8Array = nodeUint8Array;

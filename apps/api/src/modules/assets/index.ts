/** The assets module's public surface: other modules and the app import it from here, never from its other files. */
export { isBundledCoinIcon, loadBundledAssets } from './bundled-assets.ts';

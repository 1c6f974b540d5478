/** The platform module's public surface: other modules and the app import it from here, never from its other files. */
export { readPlatformConfig } from './platform-config.ts';
export type { PlatformConfig } from './platform-config.ts';

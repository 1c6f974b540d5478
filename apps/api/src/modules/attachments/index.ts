/** The attachments module's public surface: other modules and the app import it from here, never from its other files. */
export { readAttachmentsConfig } from './storage-config.ts';
export type { AttachmentsConfig } from './storage-config.ts';

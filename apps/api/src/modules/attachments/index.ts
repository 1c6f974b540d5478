/** The attachments module's public surface: other modules use nothing of it yet (the app registers its routes.ts). */
export {};

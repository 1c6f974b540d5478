import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when eval is allowed, and probes for it as schemas are built; the
 * Content-Security-Policy forbids eval, so the probe would be reported as a violation. Parse without the compiler.
 * Imported first by main.tsx, before any schema is built.
 */
z.config({ jitless: true });

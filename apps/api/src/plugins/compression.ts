import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers worth compressing: text, JSON, JavaScript, CSS, SVG and XML. Never event streams or binary attachments. */
export const COMPRESSIBLE_TYPES = /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.+-]+\+)?(?:json|javascript|xml)|image\/svg\+xml)(?:;|$)/;

/** Below this many bytes compression costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip (as the client accepts) for API answers and any built file without a precompressed copy.
 * The built assets' .br/.gz copies are sent as they are by the static plugin (a set Content-Encoding is left alone);
 * WebSocket upgrades never reach onSend, and attachments are binary types this plugin skips, so Range keeps working.
 */
export const compression = fp(async (app) => {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
  });
});

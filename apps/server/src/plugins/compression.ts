import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/**
 * JSON and text answers over 1 KB go out compressed (brotli, else gzip). Event streams are left
 * alone so each event reaches the browser at once; images are compressed already, and the built
 * SPA ships its own .br/.gz files. Request bodies are not inflated: nothing sends them encoded.
 */
const COMPRESSIBLE_TYPES = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream)|application\/javascript)/;

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { threshold: 1024, customTypes: COMPRESSIBLE_TYPES, globalDecompression: false });
});

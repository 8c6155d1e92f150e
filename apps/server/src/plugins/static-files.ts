import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * The built SPA: hashed assets are immutable for a year, index.html is always revalidated
 * so a new deploy is picked up at the next load. Stored images are served from /files.
 */
export const staticFilesPlugin = fp(async (app: FastifyInstance, opts: { webDist: string; filesDir: string }) => {
  fs.mkdirSync(opts.filesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: opts.filesDir,
    prefix: '/files/',
    decorateReply: false,
    index: false,
    maxAge: '30d',
    immutable: true,
  });

  if (!fs.existsSync(path.join(opts.webDist, 'index.html'))) {
    app.log.warn(`web build not found in ${opts.webDist}; run "npm run build" to serve the app`);
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: '/',
    wildcard: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isPublicKey, PRIVATE_FILES_PREFIX, type UrlSigner } from '../storage/signed-urls.ts';
import type { ObjectStorage } from '../storage/storage.ts';

/**
 * The built SPA: hashed assets are immutable for a year, index.html is always revalidated
 * so a new deploy is picked up at the next load. Stored images are served from /files.
 */
const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

/** Helmet's headers that browsers read only on documents (pages), never on subresources. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export const staticFilesPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { webDist: string; filesDir: string; storage: ObjectStorage; signer: UrlSigner },
  ) => {
    fs.mkdirSync(opts.filesDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: opts.filesDir,
      prefix: '/files/',
      decorateReply: false,
      index: false,
      maxAge: '30d',
      immutable: true,
      // Only public images (avatars) are served by plain path; the rest need a signature.
      allowedPath: (pathName) => isPublicKey(pathName.replace(/^\//, '')),
    });

    app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>(
      `${PRIVATE_FILES_PREFIX}*`,
      { schema: { hide: true } },
      async (req, reply) => {
        const key = req.params['*'];
        if (!opts.signer.verify(key, req.query.exp, req.query.sig)) return reply.callNotFound();
        const body = await opts.storage.get(key);
        if (!body) return reply.callNotFound();
        const ext = key.split('.').pop()?.toLowerCase() ?? '';
        const seconds = Math.max(0, Number(req.query.exp) - Math.floor(Date.now() / 1000));
        return reply
          .header('content-type', TYPES[ext] ?? 'application/octet-stream')
          .header('cache-control', `private, max-age=${seconds}`)
          .send(body);
      },
    );

    if (!fs.existsSync(path.join(opts.webDist, 'index.html'))) {
      app.log.warn(`web build not found in ${opts.webDist}; run "npm run build" to serve the app`);
      return;
    }
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      wildcard: true,
      cacheControl: false,
      // The build writes .br and .gz twins; the best one the browser accepts is sent as it is.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (hashed) {
          // A hashed name never changes content and is never revalidated, so validators are dead weight.
          res.removeHeader('etag');
          res.removeHeader('last-modified');
        }
        if (/\.(js|css)(\.br|\.gz)?$/.test(filePath)) {
          // Scripts and styles are not documents: these headers only act on pages and would add
          // ~0.5 KB to each of the first load's twenty-odd answers.
          for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
        }
      },
    });
  },
);

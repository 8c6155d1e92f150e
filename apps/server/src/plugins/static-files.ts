import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { BootData } from '@turing/contract';
import { createIndexPage } from './index-page.ts';
import { LOCAL_FILES_PATH } from '../storage/local.ts';
import type { UrlSigner } from '../storage/signed-urls.ts';
import { isSafeKey, visibilityOf, type ObjectStorage } from '../storage/storage.ts';

const YEAR_SECONDS = 31_536_000;

/**
 * Stored objects through the storage interface. Public ones (avatars) are long cached: their keys
 * hold a fresh id, so a changed image is a new URL. Private ones need the signature of a URL the
 * API handed out, and are cached privately until it expires. Every refusal is a plain 404, so a
 * guess learns nothing about which keys exist.
 */
/** Whether a signed link's scope (what it was handed out for) is still current. */
export type LinkScopeCheck = (scope: string) => Promise<boolean>;

/** How long a browser keeps an image of a scoped link: its link may end before it expires. */
const SCOPED_MAX_AGE_SECONDS = 600;

async function filesRoute(
  app: FastifyInstance,
  opts: { storage: ObjectStorage; signer: UrlSigner; scopeValid: LinkScopeCheck },
) {
  app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string; s?: string } }>(
    `${LOCAL_FILES_PATH}*`,
    { schema: { hide: true } },
    async (req, reply) => {
      const key = req.params['*'];
      // A key with a `..` segment could name a private object behind a public prefix: refused
      // before its visibility is read from it.
      if (!isSafeKey(key)) return reply.callNotFound();
      // The key alone tells the visibility: a bad signature is refused before the store is asked,
      // so guesses cost a remote store nothing.
      const priv = visibilityOf(key) === 'private';
      const scope = priv ? req.query.s : undefined;
      if (priv && !opts.signer.verify(key, req.query.exp, req.query.sig, scope)) return reply.callNotFound();
      // A link handed out for something that has ended (a work taken out or hidden) ends with it.
      if (scope && !(await opts.scopeValid(scope))) return reply.callNotFound();
      const object = await opts.storage.getStream(key);
      if (!object) return reply.callNotFound();
      const left = Math.max(0, Number(req.query.exp) - Math.floor(Date.now() / 1000));
      const cache = priv
        ? `private, max-age=${scope ? Math.min(left, SCOPED_MAX_AGE_SECONDS) : left}`
        : `public, max-age=${YEAR_SECONDS}, immutable`;
      // Images are not documents either: about 0.6 KB less on each answer, twenty-odd on a gallery page.
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.bytes)
        .header('cache-control', cache)
        .header('x-content-type-options', 'nosniff')
        .send(object.stream);
    },
  );
}

/**
 * The Content-Security-Policy sources ('sha256-…') of the inline scripts in the built index.html
 * (the build adds one that starts fetching the landing page's code early), so the policy can keep
 * refusing every other inline script. None when the app is not built.
 */
export function inlineScriptHashes(webDist: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}

/**
 * The built SPA: hashed assets are immutable for a year, index.html is always revalidated
 * so a new deploy is picked up at the next load. Stored images are served from /files.
 */
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
    opts: {
      webDist: string;
      storage: ObjectStorage;
      signer: UrlSigner;
      scopeValid: LinkScopeCheck;
      /** What index.html carries for the first paint (see index-page.ts). */
      bootData: () => Promise<BootData>;
    },
  ) => {
    await app.register(filesRoute, { storage: opts.storage, signer: opts.signer, scopeValid: opts.scopeValid });

    if (!fs.existsSync(path.join(opts.webDist, 'index.html'))) {
      app.log.warn(`web build not found in ${opts.webDist}; run "npm run build" to serve the app`);
      return;
    }
    // Read once, like the policy's script hashes (computed from the same file when the app is made).
    const index = createIndexPage({
      template: fs.readFileSync(path.join(opts.webDist, 'index.html'), 'utf8'),
      load: opts.bootData,
      onError: (err) => app.log.warn({ err }, 'index.html goes out without its first-paint data'),
    });
    const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
      const page = await index.get();
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('etag', page.etag)
        .header('vary', 'accept-encoding');
      if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
      const accepted = String(req.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      if (!encoding) return reply.send(page.html);
      return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
    };
    app.get('/', { schema: { hide: true } }, sendIndex);
    app.get('/index.html', { schema: { hide: true } }, sendIndex);
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      // A route per file of the build, listed once at start: a catch-all route would read the
      // assets folder (over a thousand names) on every request to check the path's spelling. The
      // build does not change under a running server (index.html is read once above too).
      wildcard: false,
      index: false,
      globIgnore: ['index.html', 'index.html.*'],
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

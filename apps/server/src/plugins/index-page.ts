import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { BootData } from '@turing/contract';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** How long the data written into index.html is reused before it is read again. */
export const BOOT_DATA_TTL_MS = 15_000;

/** One version of index.html, in the encodings a browser may take. */
export interface RenderedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * The data block for index.html. It is never executed (the Content-Security-Policy does not apply to
 * it), and `<` is escaped so no value can close the element.
 */
function bootDataBlock(data: BootData): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="boot-data">${json}</script>`;
}

/** The template with the data block before its first script, which reads it. */
export function withBootData(template: string, data: BootData): string {
  const at = template.indexOf('<script');
  const block = bootDataBlock(data);
  return at < 0 ? template.replace('</head>', `${block}</head>`) : template.slice(0, at) + block + template.slice(at);
}

/**
 * index.html as served: the built file plus the answers every first visit needs (the client
 * configuration, the community's banners), so the first paint waits for no API call. The data is
 * read at most every `ttlMs` (an operator's banner change shows within that time); the page and its
 * compressed forms are remade only when the data changed. When the data cannot be read, the page
 * goes out without it and the app asks the API as usual.
 */
export function createIndexPage(opts: {
  template: string;
  load: () => Promise<BootData>;
  ttlMs?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}) {
  const ttl = opts.ttlMs ?? BOOT_DATA_TTL_MS;
  const now = opts.now ?? (() => Date.now());
  let page: { key: string; rendered: Promise<RenderedPage> } | null = null;
  let fresh: { at: number; data: Promise<BootData | null> } | null = null;

  async function render(html: string): Promise<RenderedPage> {
    const buf = Buffer.from(html);
    const [br, gzip] = await Promise.all([
      brotli(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
      gz(buf, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    return { html: buf, br, gzip, etag: `"${createHash('sha256').update(buf).digest('base64url').slice(0, 27)}"` };
  }

  function data(): Promise<BootData | null> {
    if (!fresh || now() - fresh.at >= ttl) {
      const at = now();
      const loading = opts.load().catch((err: unknown) => {
        opts.onError?.(err);
        // A failed read is not kept: the next request tries again.
        if (fresh?.data === loading) fresh = null;
        return null;
      });
      fresh = { at, data: loading };
    }
    return fresh.data;
  }

  return {
    async get(): Promise<RenderedPage> {
      const current = await data();
      const html = current ? withBootData(opts.template, current) : opts.template;
      if (page?.key !== html) page = { key: html, rendered: render(html) };
      return page.rendered;
    },
  };
}

import type { Page } from 'playwright-core';
import { launchChromium, loggedInContext, startServer } from './browser.ts';

export interface TransferRow {
  url: string;
  encoding: string;
  /** DevTools' resource type: Script, Stylesheet, Document, Fetch, Image… */
  type: string;
  /** Headers and body, as received. */
  bytes: number;
  /** The body alone, as sent (compressed when it was). */
  body: number;
}

export interface Transfer {
  total: number;
  /** The JavaScript alone: bodies as sent, and with their response headers. */
  scriptBody: number;
  script: number;
  rows: TransferRow[];
}

export interface VisitOptions {
  /** Sent instead of Chromium's own Accept-Encoding (gzip, deflate, br, zstd). */
  acceptEncoding?: string;
  /** A registered user's first visit (the design pages need a login); anonymous otherwise. */
  login?: boolean;
  /** What "the page has loaded" means for this route, beyond the load event. */
  ready?: (page: Page) => Promise<unknown>;
}

/**
 * Bytes on the wire for a first visit to `route` in a fresh Chromium profile (empty cache): the sum of
 * every response's encoded size (headers and body) as the browser's network layer reports it. The task
 * event stream never finishes, so it is not counted.
 */
export async function firstVisitTransfer(route: string, options: VisitOptions = {}): Promise<Transfer> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const context = options.login ? await loggedInContext(browser, server) : await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const seen = new Map<string, { url: string; encoding: string; type: string; head: number }>();
    const rows: TransferRow[] = [];
    cdp.on('Network.responseReceived', (e) => {
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      seen.set(e.requestId, {
        url: e.response.url,
        encoding: String(headers['content-encoding'] ?? 'identity'),
        type: e.type,
        // What had arrived when the headers were complete: the headers themselves.
        head: e.response.encodedDataLength,
      });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = seen.get(e.requestId);
      rows.push({
        url: r?.url ?? e.requestId,
        encoding: r?.encoding ?? '?',
        type: r?.type ?? '?',
        bytes: e.encodedDataLength,
        body: e.encodedDataLength - (r?.head ?? 0),
      });
    });
    await cdp.send('Network.enable');
    if (options.acceptEncoding)
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': options.acceptEncoding } });
    // Listening starts before the navigation, so a chunk that arrives early is not missed.
    const ready = options.ready?.(page);
    await page.goto(`${server.origin}/#${route}`, { waitUntil: 'load' });
    await ready;
    await page.waitForLoadState('networkidle');
    rows.sort((a, b) => b.bytes - a.bytes);
    const scripts = rows.filter((r) => r.type === 'Script');
    return {
      total: rows.reduce((s, r) => s + r.bytes, 0),
      script: scripts.reduce((s, r) => s + r.bytes, 0),
      scriptBody: scripts.reduce((s, r) => s + r.body, 0),
      rows,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** The homepage, anonymous: the header is its last piece to appear. */
export const homeTransfer = (acceptEncoding?: string) =>
  firstVisitTransfer('/home', { acceptEncoding, ready: (page) => page.getByRole('banner').waitFor() });

/** The login page, anonymous: ready once its form is shown. */
export const loginTransfer = (acceptEncoding?: string) =>
  firstVisitTransfer('/login', {
    acceptEncoding,
    ready: (page) => page.locator('form').first().waitFor(),
  });

/** The community gallery, anonymous (an empty gallery on a fresh data folder): ready with its banner. */
export const communityTransfer = (acceptEncoding?: string) =>
  firstVisitTransfer('/community', { acceptEncoding, ready: (page) => page.getByRole('banner').waitFor() });

/**
 * Step editing, logged in: ready once the studio is shown and the mask editor's chunk, which the page
 * fetches as it mounts, has arrived.
 */
export const stepEditingTransfer = (acceptEncoding?: string) =>
  firstVisitTransfer('/design/step-editing', {
    acceptEncoding,
    login: true,
    ready: (page) =>
      Promise.all([
        page.waitForResponse((r) => /\/assets\/mask-editor-[^/]+\.js$/.test(r.url())),
        page.locator('[data-tour="region"]').waitFor(),
      ]),
  });

if (import.meta.url === `file://${process.argv[1]}`) {
  const [route = '/home', encoding] = process.argv.slice(2);
  const visits: Record<string, (encoding?: string) => Promise<Transfer>> = {
    '/home': homeTransfer,
    '/login': loginTransfer,
    '/community': communityTransfer,
    '/design/step-editing': stepEditingTransfer,
  };
  const visit = visits[route];
  if (!visit) throw new Error(`no first visit defined for ${route}; one of ${Object.keys(visits).join(', ')}`);
  const { total, script, scriptBody, rows } = await visit(encoding);
  for (const r of rows) {
    const name = new URL(r.url).pathname + new URL(r.url).hash;
    console.log(`${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${r.encoding.padEnd(8)} ${r.type.padEnd(10)} ${name}`);
  }
  console.log(
    `total ${(total / 1024).toFixed(1)} KB transferred in ${rows.length} responses; JavaScript ${(scriptBody / 1024).toFixed(1)} KB of bodies, ${(script / 1024).toFixed(1)} KB with headers`,
  );
}

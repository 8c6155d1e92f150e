import type { Page } from 'playwright-core';
import { launchChromium, loggedInContext, startServer } from './browser.ts';

/** Bytes on the wire for an anonymous first visit to /home on a 1440 × 900 screen. */
export const HOME_TRANSFER_GOAL_KB = 250;
/** The screen the product is made for (the homepage's footer says so), and the /home goal is set on. */
export const DESKTOP = { width: 1440, height: 900 };

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
  /** What `inspect` read from the page. */
  inspected?: unknown;
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
  /** The window's size in CSS pixels (Playwright's 1280 × 720 when not given) and its pixel density. */
  viewport?: { width: number; height: number };
  deviceScaleFactor?: number;
  /** Reads the page once it has loaded, before the browser closes. */
  inspect?: (page: Page) => Promise<unknown>;
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
    const screen = { viewport: options.viewport, deviceScaleFactor: options.deviceScaleFactor };
    const context = options.login
      ? await loggedInContext(browser, server, options.viewport ? { viewport: options.viewport } : {})
      : await browser.newContext(screen);
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
    // What the visit loaded, before anything the inspection does.
    const loaded = [...rows].sort((a, b) => b.bytes - a.bytes);
    const inspected = await options.inspect?.(page);
    const scripts = loaded.filter((r) => r.type === 'Script');
    return {
      total: loaded.reduce((s, r) => s + r.bytes, 0),
      script: scripts.reduce((s, r) => s + r.bytes, 0),
      scriptBody: scripts.reduce((s, r) => s + r.body, 0),
      rows: loaded,
      inspected,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** One stored image as a page shows it: the width of the file it loaded against the width of its box. */
export interface ShownImage {
  /** The image's path (without the signature). */
  file: string;
  /** The loaded file's width in pixels. */
  natural: number;
  /** Its box's width in CSS pixels. */
  box: number;
  /** Which list it is in: the grid's cards, or something else on the page. */
  where: string;
}

/**
 * Every loaded image of the product's storage (/files) on the page, with the file's and the box's
 * widths. An image chosen from a srcset reports its width scaled by the density it was picked at, so
 * the file's own width is read from a plain copy of it (from the browser's cache). Plain script text:
 * the TypeScript runner would otherwise wrap the functions in a helper the page does not have.
 */
const SHOWN_IMAGES = `
  (async () => {
    const loaded = [...document.querySelectorAll('img')].filter(
      (img) => img.complete && img.naturalWidth > 0 && new URL(img.currentSrc).pathname.startsWith('/files/'),
    );
    const widths = await Promise.all(
      loaded.map(async (img) => {
        const probe = new Image();
        probe.src = img.currentSrc;
        await probe.decode().catch(() => {});
        return probe.naturalWidth;
      }),
    );
    return loaded.map((img, i) => {
      const file = new URL(img.currentSrc).pathname;
      const where = img.closest('.work-card__media') ? 'gallery card'
        : img.closest('.home-work') ? 'featured card'
        : img.closest('.creator__works') ? 'creator strip'
        : img.closest('[class*="banner"]') ? 'banner'
        : file.startsWith('/files/public/avatar/') ? 'avatar'
        : 'other';
      return { file, natural: widths[i], box: Math.round(img.getBoundingClientRect().width * 10) / 10, where };
    });
  })()`;

export const shownImages = (page: Page) => page.evaluate(SHOWN_IMAGES) as Promise<ShownImage[]>;

/** The homepage, anonymous, on the product's screen: the header is its last piece to appear. */
export const homeTransfer = (acceptEncoding?: string) =>
  firstVisitTransfer('/home', {
    acceptEncoding,
    viewport: DESKTOP,
    ready: (page) => page.getByRole('banner').waitFor(),
    inspect: shownImages,
  });

/**
 * The community gallery on a phone (390 × 844 CSS pixels at `density`), anonymous: ready once the
 * first cards' images have loaded. The point is which thumbnail each card fetched for its width.
 */
export const phoneCommunityTransfer = (density = 3) =>
  firstVisitTransfer('/community', {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: density,
    ready: (page) => page.locator('[data-testid="work-card"] img').first().waitFor(),
    inspect: shownImages,
  });

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

/** The /home figure against its goal, as one line. */
export const homeVerdict = (total: number) => {
  const kb = total / 1024;
  return `/home at ${DESKTOP.width} × ${DESKTOP.height}: ${kb.toFixed(1)} KB (goal ≤ ${HOME_TRANSFER_GOAL_KB} KB) ${kb <= HOME_TRANSFER_GOAL_KB ? 'met' : 'MISSED'}`;
};

/** Each place's widest file against its box: how much wider than the box the loaded files are. */
export function printShownImages(images: ShownImage[]) {
  const places = [...new Set(images.map((i) => i.where))];
  for (const where of places) {
    const shown = images.filter((i) => i.where === where);
    const widest = shown.reduce((a, b) => (b.natural / b.box > a.natural / a.box ? b : a));
    const files = [...new Set(shown.map((i) => i.natural))].sort((a, b) => a - b).join(', ');
    console.log(
      `${where}: ${shown.length} images, files ${files} px wide; widest against its box ${widest.natural} px in ${widest.box} CSS px (${(widest.natural / widest.box).toFixed(2)}×)`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [route = '/home', option] = process.argv.slice(2);
  const visits: Record<string, (option?: string) => Promise<Transfer>> = {
    '/home': homeTransfer,
    '/login': loginTransfer,
    '/community': communityTransfer,
    '/design/step-editing': stepEditingTransfer,
    // The option is the screen's pixel density here (3 by default), not an encoding.
    'phone-community': (density) => phoneCommunityTransfer(density ? Number(density) : undefined),
  };
  const visit = visits[route];
  if (!visit) throw new Error(`no first visit defined for ${route}; one of ${Object.keys(visits).join(', ')}`);
  const { total, script, scriptBody, rows, inspected } = await visit(option);
  for (const r of rows) {
    const name = new URL(r.url).pathname + new URL(r.url).hash;
    console.log(`${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${r.encoding.padEnd(8)} ${r.type.padEnd(10)} ${name}`);
  }
  console.log(
    `total ${(total / 1024).toFixed(1)} KB transferred in ${rows.length} responses; JavaScript ${(scriptBody / 1024).toFixed(1)} KB of bodies, ${(script / 1024).toFixed(1)} KB with headers`,
  );
  if (route === '/home') console.log(homeVerdict(total));
  if (inspected) printShownImages(inspected as ShownImage[]);
}

// (q) Lighthouse on a phone: the performance category with Lighthouse's default (mobile) settings,
// simulated slow 4G and a 4× slower CPU, for the public pages a first visit lands on. The product runs
// as users start it (built app, `npm start`'s process, a temporary DATA_DIR with the demo works it
// seeds on first start, so /community and the homepage's featured works have pictures). Builds
// nothing: `npm run bench` builds first.
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './browser.ts';

export const MOBILE_GOAL = 90;
export const MOBILE_ROUTES = ['/home', '/community', '/login'] as const;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface MobileRun {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** What Lighthouse found as the largest contentful paint. */
  lcpElement: string;
  /** Lighthouse's code when the run failed (no paint seen, page hung…). */
  error?: string;
}

export interface MobileRoute {
  route: string;
  runs: MobileRun[];
  /** The run with the median score. */
  median: MobileRun;
}

/** The element the LCP breakdown insight names (the first node anywhere in its details). */
function describeLcp(details: unknown): string {
  const stack = [details];
  while (stack.length) {
    const item = stack.pop();
    if (!item || typeof item !== 'object') continue;
    const node = item as { type?: string; selector?: string; nodeLabel?: string };
    if (node.type === 'node') return (node.nodeLabel ?? node.selector ?? '?').replace(/\s+/g, ' ').slice(0, 60);
    stack.push(...Object.values(item).reverse());
  }
  return '?';
}

/** Every route once per round, each round in a fresh Chromium; the median run per route. */
export async function mobileLighthouse(): Promise<{ routes: MobileRoute[]; loadBefore: number; loadAfter: number }> {
  const server = await startServer();
  const loadBefore = os.loadavg()[0]!;
  const runs = new Map<string, MobileRun[]>(MOBILE_ROUTES.map((r) => [r, []]));
  try {
    for (let i = 0; i < RUNS; i++) {
      const chrome = await chromeLauncher.launch({
        chromePath: CHROME_PATH,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      });
      try {
        for (const route of MOBILE_ROUTES) {
          const audit = () =>
            lighthouse(`${server.origin}/#${route}`, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
            });
          // A run whose trace Lighthouse could not read (NO_NAVSTART, NO_FCP) measured nothing: once more.
          let result = await audit();
          if (result?.lhr.runtimeError) result = await audit();
          const { categories, audits } = result!.lhr;
          const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
          runs.get(route)!.push({
            score: Math.round((categories.performance!.score ?? 0) * 100),
            fcp: ms('first-contentful-paint'),
            lcp: ms('largest-contentful-paint'),
            tbt: ms('total-blocking-time'),
            si: ms('speed-index'),
            cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
            lcpElement: describeLcp(audits['lcp-breakdown-insight']?.details),
            error: result!.lhr.runtimeError?.code,
          });
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await server.stop();
  }
  return {
    routes: MOBILE_ROUTES.map((route) => {
      const all = runs.get(route)!;
      const sorted = [...all].sort((a, b) => a.score - b.score);
      return { route, runs: all, median: sorted[Math.floor(sorted.length / 2)]! };
    }),
    loadBefore,
    loadAfter: os.loadavg()[0]!,
  };
}

export function printMobileLighthouse(r: Awaited<ReturnType<typeof mobileLighthouse>>) {
  const runs = r.routes[0]?.runs.length ?? 0;
  console.log(
    `\n(q) Lighthouse mobile (default throttling), performance, median of ${runs}; load average ${r.loadBefore.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after, on ${os.availableParallelism()} cores (goal ≥ ${MOBILE_GOAL} each)`,
  );
  for (const { route, runs: all, median: m } of r.routes) {
    console.log(
      `    ${route.padEnd(11)} ${String(m.score).padStart(3)} (${all.map((x) => x.score).join(', ')}) ${m.score >= MOBILE_GOAL ? 'met' : 'MISSED'}; FCP ${m.fcp} ms, LCP ${m.lcp} ms, TBT ${m.tbt} ms, speed index ${m.si} ms, CLS ${m.cls.toFixed(3)}; LCP element “${m.lcpElement}”${m.error ? `; run failed: ${m.error}` : ''}`,
    );
  }
}

/** `npx tsx bench/lighthouse.ts`: prints only (q) (build first). */
if (import.meta.url === `file://${process.argv[1]}`) {
  printMobileLighthouse(await mobileLighthouse());
  process.exit(0);
}

import { LIMITS, communityEndpoints, systemEndpoints, type BootData } from '@turing/contract';

/**
 * Answers that index.html's first script started fetching before the app's code arrived (the client
 * configuration, the community's banners: see vite.config.ts), by URL. Each is taken once, by the
 * first call of its route; later calls fetch as usual.
 */
const pending: Record<string, Promise<Response> | undefined> =
  (window as { __earlyRequests?: Record<string, Promise<Response>> }).__earlyRequests ?? {};

export function takeEarlyRequest(url: string): Promise<Response> | undefined {
  const answer = pending[url];
  delete pending[url];
  return answer;
}

/** The answers the server wrote into index.html (#boot-data; none in development), by URL. */
function readBootData(): Record<string, { data: unknown } | undefined> {
  const text = document.getElementById('boot-data')?.textContent;
  if (!text) return {};
  try {
    const boot = JSON.parse(text) as BootData;
    return {
      [`${LIMITS.apiBase}${systemEndpoints.clientConfig.path}`]: { data: boot.config },
      [`${LIMITS.apiBase}${communityEndpoints.banners.path}`]: { data: boot.banners },
    };
  } catch {
    return {};
  }
}
const embedded = readBootData();

/**
 * The answer index.html carries for this URL, taken once like an early request: the route's first
 * call needs no round trip, later ones ask the server.
 */
export function takeEmbeddedAnswer(url: string): { data: unknown } | undefined {
  const answer = embedded[url];
  delete embedded[url];
  return answer;
}

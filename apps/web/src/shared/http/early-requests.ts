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

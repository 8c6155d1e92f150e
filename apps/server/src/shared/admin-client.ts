import {
  ADMIN_TOKEN_HEADER,
  APP_HEADER,
  LIMITS,
  adminConsoleRoutes,
  billingAdminRoutes,
  communityAdminRoutes,
  supportAdminRoutes,
  systemAdminRoutes,
  type RouteBody,
  type RouteData,
  type RouteQuery,
} from '@turing/contract';

type RoutesIn<Group> = Group[keyof Group];
/** The admin API: every route the client may call, each one contract object (path, method, schemas). */
export type AdminRoute =
  | RoutesIn<typeof adminConsoleRoutes>
  | RoutesIn<typeof supportAdminRoutes>
  | RoutesIn<typeof billingAdminRoutes>
  | RoutesIn<typeof communityAdminRoutes>
  | RoutesIn<typeof systemAdminRoutes>;

/** The query and/or body the route takes, as its schemas accept them; optional where nothing is required. */
type AdminInput<R> = QueryPart<RouteQuery<R>> & BodyPart<RouteBody<R>>;
type QueryPart<Q> = [Q] extends [undefined] ? { query?: undefined } : object extends Q ? { query?: Q } : { query: Q };
type BodyPart<B> = [B] extends [undefined] ? { body?: undefined } : { body: B };
/** The input as call arguments: left out entirely when nothing in it is required. */
type AdminArgs<R> = object extends AdminInput<R> ? [input?: AdminInput<R>] : [input: AdminInput<R>];

/** A failure the CLI reports as it is, without a stack trace. */
export class CliError extends Error {
  readonly code: string | null;
  constructor(message: string, code: string | null = null) {
    super(message);
    this.name = 'CliError';
    this.code = code;
  }
}

/** The admin API over HTTP, for the CLI: each call resolves with `data` or throws a CliError. */
export function createAdminClient(opts: { url: string; token: string }) {
  const base = opts.url.replace(/\/$/, '');

  /**
   * Calls one admin route: `call(billingAdminRoutes.grant, { body })`. Its path and method, the
   * input it takes and the `data` it resolves with all come from the route object, so an input or
   * a result of another route does not compile.
   */
  async function call<R extends AdminRoute>(route: R, ...args: AdminArgs<R>): Promise<RouteData<R>> {
    const input: { query?: unknown; body?: unknown } = args[0] ?? {};
    const url = new URL(`${base}${LIMITS.apiBase}${route.path}`);
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      [ADMIN_TOKEN_HEADER]: opts.token,
      [APP_HEADER.name]: APP_HEADER.value,
      'accept-language': 'en',
    };
    if (input.body !== undefined) headers['content-type'] = 'application/json';

    let res: Response;
    try {
      res = await fetch(url, {
        method: route.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        signal: AbortSignal.timeout(LIMITS.requestTimeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
      throw new CliError(
        timedOut
          ? `The server at ${base} did not answer within ${LIMITS.requestTimeoutMs / 1000} s.`
          : `Cannot reach the Turing Design server at ${base}. Is it running? Start it with "npm start", or point --url at it.`,
      );
    }

    const payload = (await res.json().catch(() => null)) as {
      status?: unknown;
      msg?: unknown;
      data?: unknown;
      code?: unknown;
    } | null;
    if (!payload || typeof payload.status !== 'number' || typeof payload.msg !== 'string') {
      throw new CliError(
        `Unexpected answer from ${base} (HTTP ${res.status}). Does --url point at a Turing Design server?`,
      );
    }
    if (payload.status !== 200) {
      throw new CliError(payload.msg, typeof payload.code === 'string' ? payload.code : null);
    }
    return payload.data as RouteData<R>;
  }

  return {
    call,
    /** One page of tickets; pass the `nextCursor` of a page to get the one after it. */
    list: (status: 'open' | 'answered' | 'closed' | 'all', page: { cursor?: string; limit?: number } = {}) =>
      call(supportAdminRoutes.list, { query: { status, ...page } }),
    show: (id: string) => call(supportAdminRoutes.detail, { query: { id } }),
    reply: (ticketId: string, message: string) => call(supportAdminRoutes.reply, { body: { ticketId, message } }),
    close: (ticketId: string) => call(supportAdminRoutes.close, { body: { ticketId } }),
    grant: (body: RouteBody<typeof billingAdminRoutes.grant>) => call(billingAdminRoutes.grant, { body }),
    catalogue: () => call(billingAdminRoutes.catalogue),
    catalogueUpdate: (body: RouteBody<typeof billingAdminRoutes.catalogueUpdate>) =>
      call(billingAdminRoutes.catalogueUpdate, { body }),
    codesMint: (body: RouteBody<typeof billingAdminRoutes.codesMint>) => call(billingAdminRoutes.codesMint, { body }),
    codes: (query: RouteQuery<typeof billingAdminRoutes.codes>) => call(billingAdminRoutes.codes, { query }),
    codesRevoke: (body: RouteBody<typeof billingAdminRoutes.codesRevoke>) =>
      call(billingAdminRoutes.codesRevoke, { body }),
    orders: (query: RouteQuery<typeof billingAdminRoutes.orders>) => call(billingAdminRoutes.orders, { query }),
    orderRefund: (orderId: string) => call(billingAdminRoutes.orderRefund, { body: { orderId } }),
    reports: (status: 'open' | 'resolved' | 'dismissed' | 'all', page: { cursor?: string; limit?: number } = {}) =>
      call(communityAdminRoutes.reports, { query: { status, ...page } }),
    hideWork: (id: string, reason?: string) => call(communityAdminRoutes.hideWork, { body: { id, reason } }),
    restoreWork: (id: string) => call(communityAdminRoutes.restoreWork, { body: { id } }),
    suspendUser: (user: string) => call(communityAdminRoutes.suspendUser, { body: { user } }),
    unsuspendUser: (user: string) => call(communityAdminRoutes.unsuspendUser, { body: { user } }),
    /** Every configured engine, checked by the server now. */
    engines: () => call(systemAdminRoutes.engines),
  };
}
export type AdminClient = ReturnType<typeof createAdminClient>;

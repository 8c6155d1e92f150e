import {
  ADMIN_TOKEN_HEADER,
  APP_HEADER,
  LIMITS,
  supportAdminEndpoints,
  billingAdminEndpoints,
  communityAdminEndpoints,
  systemAdminEndpoints,
  type billingAdminRoutes,
  type communityAdminRoutes,
  type Endpoint,
  type RouteBody,
  type RouteData,
  type RouteDef,
  type RouteQuery,
  type supportAdminRoutes,
  type systemAdminRoutes,
} from '@turing/contract';

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

  async function request<D extends RouteDef>(
    endpoint: Endpoint,
    input: { query?: RouteQuery<D>; body?: RouteBody<D> } = {},
  ): Promise<RouteData<D>> {
    const url = new URL(`${base}${LIMITS.apiBase}${endpoint.path}`);
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
        method: endpoint.method,
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
    return payload.data as RouteData<D>;
  }

  return {
    /** One page of tickets; pass the `nextCursor` of a page to get the one after it. */
    list: (status: 'open' | 'answered' | 'closed' | 'all', page: { cursor?: string; limit?: number } = {}) =>
      request<typeof supportAdminRoutes.list>(supportAdminEndpoints.list, { query: { status, ...page } }),
    show: (id: string) => request<typeof supportAdminRoutes.detail>(supportAdminEndpoints.detail, { query: { id } }),
    reply: (ticketId: string, message: string) =>
      request<typeof supportAdminRoutes.reply>(supportAdminEndpoints.reply, { body: { ticketId, message } }),
    close: (ticketId: string) =>
      request<typeof supportAdminRoutes.close>(supportAdminEndpoints.close, { body: { ticketId } }),
    grant: (body: { user: string; cubes: number; note?: string; key?: string }) =>
      request<typeof billingAdminRoutes.grant>(billingAdminEndpoints.grant, { body }),
    catalogue: () => request<typeof billingAdminRoutes.catalogue>(billingAdminEndpoints.catalogue),
    codesMint: (body: RouteBody<typeof billingAdminRoutes.codesMint>) =>
      request<typeof billingAdminRoutes.codesMint>(billingAdminEndpoints.codesMint, { body }),
    codes: (query: RouteQuery<typeof billingAdminRoutes.codes>) =>
      request<typeof billingAdminRoutes.codes>(billingAdminEndpoints.codes, { query }),
    codesRevoke: (body: RouteBody<typeof billingAdminRoutes.codesRevoke>) =>
      request<typeof billingAdminRoutes.codesRevoke>(billingAdminEndpoints.codesRevoke, { body }),
    catalogueUpdate: (body: RouteBody<typeof billingAdminRoutes.catalogueUpdate>) =>
      request<typeof billingAdminRoutes.catalogueUpdate>(billingAdminEndpoints.catalogueUpdate, { body }),
    orders: (query: RouteQuery<typeof billingAdminRoutes.orders>) =>
      request<typeof billingAdminRoutes.orders>(billingAdminEndpoints.orders, { query }),
    orderRefund: (orderId: string) =>
      request<typeof billingAdminRoutes.orderRefund>(billingAdminEndpoints.orderRefund, { body: { orderId } }),
    reports: (status: 'open' | 'resolved' | 'all', page: { cursor?: string; limit?: number } = {}) =>
      request<typeof communityAdminRoutes.reports>(communityAdminEndpoints.reports, { query: { status, ...page } }),
    hideWork: (id: string, reason?: string) =>
      request<typeof communityAdminRoutes.hideWork>(communityAdminEndpoints.hideWork, { body: { id, reason } }),
    restoreWork: (id: string) =>
      request<typeof communityAdminRoutes.restoreWork>(communityAdminEndpoints.restoreWork, { body: { id } }),
    suspendUser: (user: string) =>
      request<typeof communityAdminRoutes.suspendUser>(communityAdminEndpoints.suspendUser, { body: { user } }),
    unsuspendUser: (user: string) =>
      request<typeof communityAdminRoutes.unsuspendUser>(communityAdminEndpoints.unsuspendUser, { body: { user } }),
    /** Every configured engine, checked by the server now. */
    engines: () => request<typeof systemAdminRoutes.engines>(systemAdminEndpoints.engines),
  };
}
export type AdminClient = ReturnType<typeof createAdminClient>;

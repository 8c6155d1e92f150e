import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PATHS } from '../shared/routes/paths.ts';

/** A component as the app mounts it: a fresh query cache and a router; /home shows a marker. */
export function renderInApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
      { path: PATHS.home, element: <p>Home page</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}

export interface ApiAnswer {
  status?: number;
  msg?: string;
  data?: unknown;
  code?: string;
  /** Per-field codes of a validation failure, or an error's own details (e.g. what would fit). */
  details?: { field: string; code: string }[] | Record<string, unknown>;
}
interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stands in for the server: answers each API path (without /turing) from the table, in the
 * envelope, and records what the app sent. The client config answers by default. An answer may be
 * worked out from the body sent and the URL (a page's cursor is in its query).
 */
export function mockApi(table: Record<string, ApiAnswer | ((body: unknown, url: URL) => ApiAnswer)> = {}) {
  const calls: ApiCall[] = [];
  const answers: Record<string, ApiAnswer | ((body: unknown, url: URL) => ApiAnswer)> = {
    '/config': { data: { ipCountryLookupUrl: null, testPayments: false } },
    ...table,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, 'http://app.test');
      const path = parsed.pathname.replace(/^\/turing/, '');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      calls.push({ method: init.method ?? 'GET', path, body });
      const entry = answers[path];
      const answer = typeof entry === 'function' ? entry(body, parsed) : (entry ?? { status: 404, msg: 'Not found' });
      return new Response(JSON.stringify({ status: 200, msg: 'success', data: null, ...answer }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  /** The calls to one path, in order. */
  return { calls, to: (path: string) => calls.filter((c) => c.path === path) };
}

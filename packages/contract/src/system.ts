import { z } from 'zod';
import { route } from './route.ts';
import { systemEndpoints } from './system.endpoints.ts';

export const healthData = z.object({
  ok: z.literal(true),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

/** Settings the web app needs from the server's configuration. */
export const clientConfig = z.object({
  /** The IP-to-country service the phone input may ask, or null when the lookup is off (the default). */
  ipCountryLookupUrl: z.string().nullable(),
  /** The development payment provider is on: purchases cost nothing, and every page says so. */
  testPayments: z.boolean(),
});

export const liveData = z.object({ ok: z.literal(true), uptimeSeconds: z.number() });

export const systemRoutes = {
  live: route({
    ...systemEndpoints.live,
    response: liveData,
    summary: 'Liveness: the process answers (no dependency is checked)',
  }),
  ready: route({
    ...systemEndpoints.ready,
    response: healthData,
    summary: 'Readiness: the database answers and the process is not shutting down (503 otherwise)',
  }),
  health: route({
    ...systemEndpoints.health,
    response: healthData,
    summary: 'Liveness and database check',
  }),
  clientConfig: route({
    ...systemEndpoints.clientConfig,
    response: clientConfig,
    summary: 'Public settings for the web app',
  }),
};

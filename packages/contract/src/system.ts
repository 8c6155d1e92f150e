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
});

export const systemRoutes = {
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

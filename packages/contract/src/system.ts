import { z } from 'zod';
import { banner } from './community.ts';
import { INVALID_CHAR, isStorableText } from './fields.ts';
import { route } from './route.ts';
import { systemEndpoints } from './system.endpoints.ts';

export const healthData = z.object({
  ok: z.literal(true),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

/** The IP-to-country service the phone input asks when the lookup is on (IP_COUNTRY_URL's default). */
export const IP_COUNTRY_DEFAULT_URL = 'https://ip2c.org/s';

/** Settings the web app needs from the server's configuration. */
export const clientConfig = z.object({
  /** The IP-to-country service the phone input may ask, or null when the lookup is off (the default). */
  ipCountryLookupUrl: z.string().nullable(),
  /** The development payment provider is on: purchases cost nothing, and every page says so. */
  testPayments: z.boolean(),
});

export type ClientConfig = z.infer<typeof clientConfig>;

/**
 * What the server writes into index.html for the first paint (a JSON data block, id `boot-data`): the
 * answers of the public requests every first visit would make, so none of them waits for the app's code.
 */
export const bootData = z.object({
  config: clientConfig,
  /** The community's active banners, as GET /community/banners answers. */
  banners: z.array(banner),
});
export type BootData = z.infer<typeof bootData>;

export const liveData = z.object({ ok: z.literal(true), uptimeSeconds: z.number() });

/**
 * What the server reads of a FLUX callback (BFL_WEBHOOK_PATH): the job's id, under the rules of
 * any stored text. Other fields are BFL's and are not read: the poll asks the provider itself.
 */
export const bflWebhookBody = z.object({
  id: z
    .string({ error: 'VALIDATION' })
    .min(1, 'VALIDATION')
    .max(200, 'TEXT_TOO_LONG')
    .refine(isStorableText, INVALID_CHAR),
});

/**
 * A generation engine this process has made, as its last health check found it. The probe never
 * checks it itself (that would reach every GPU server on every probe); the count per state, not
 * the servers' addresses, because this answer is public.
 */
export const readyEngine = z.object({
  name: z.string(),
  ok: z.boolean(),
  servers: z.object({ up: z.number().int(), draining: z.number().int(), down: z.number().int() }),
  /** When it was last checked; null before its first check (ok then says only whether it takes work). */
  checkedAt: z.iso.datetime().nullable(),
});
export type ReadyEngine = z.infer<typeof readyEngine>;

/**
 * Readiness with what an operator reads in it. An engine that is down does not make the process
 * unready: the API still serves everything else, so a load balancer must keep sending traffic.
 */
export const readyData = healthData.extend({
  /** Promises rejected with nobody to handle them since the process started (each one logged). */
  unhandledRejections: z.number().int(),
  /** The engines made in this process so far; one never used here is left out. */
  engines: z.array(readyEngine),
});

export const systemRoutes = {
  live: route({
    ...systemEndpoints.live,
    response: liveData,
    summary: 'Liveness: the process answers (no dependency is checked)',
  }),
  ready: route({
    ...systemEndpoints.ready,
    response: readyData,
    summary:
      'Readiness: the database answers and the process is not shutting down (503 otherwise); with its unhandled rejections and engines',
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

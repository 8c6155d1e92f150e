import { z } from 'zod';
import { route } from './route.ts';
import { systemEndpoints } from './system.endpoints.ts';

export const healthData = z.object({
  ok: z.literal(true),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

export const systemRoutes = {
  health: route({
    ...systemEndpoints.health,
    response: healthData,
    summary: 'Liveness and database check',
  }),
};

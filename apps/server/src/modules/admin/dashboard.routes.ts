import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { FleetService } from '../system/index.ts';

/** The console's dashboard: the business today and over the last 30 days. */
export async function adminDashboardModule(_app: FastifyInstance, _opts: { database: Database; fleet: FleetService }) {}

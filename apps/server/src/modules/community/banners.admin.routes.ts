import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ObjectStorage } from '../../storage/storage.ts';

/** Community banners and the preset pictures, managed from the console. */
export async function contentAdminModule(
  _app: FastifyInstance,
  _opts: { database: Database; storage: ObjectStorage },
) {}

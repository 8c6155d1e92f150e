import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ObjectStorage } from '../../storage/storage.ts';
import type { RateCounterService } from '../identity/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { UploadService } from '../upload/index.ts';

/** What the projects module is built from. */
export interface ProjectModuleDeps {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  storage: ObjectStorage;
  uploads: UploadService;
  messaging: MessagingService;
  limits: RateCounterService;
}
/** What each part of the module is built from. */
export type ProjectPartDeps = ProjectModuleDeps;

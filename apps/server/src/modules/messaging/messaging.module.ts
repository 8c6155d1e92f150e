import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { moduleParts } from '../../shared/module-parts.ts';
import { createMessagingService, type QueuedMessage } from './messaging.service.ts';

/** E-mail and SMS: sent at once, or handed to `later` (the job queue) to retry. */
export function createMessagingModule(deps: {
  config: Config;
  log: FastifyBaseLogger;
  later: (message: QueuedMessage) => Promise<void>;
}) {
  return moduleParts({ messaging: createMessagingService(deps.config, deps.log, { later: deps.later }) });
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createMessagingService, type QueuedMessage } from './messaging.service.ts';

/** E-mail and SMS: sent at once, or handed to `later` (the job queue) to retry. */
export function createMessagingModule(deps: {
  config: Config;
  log: FastifyBaseLogger;
  later: (message: QueuedMessage) => Promise<void>;
}) {
  return { messaging: createMessagingService(deps.config, deps.log, { later: deps.later }) };
}
export type MessagingModule = ReturnType<typeof createMessagingModule>;

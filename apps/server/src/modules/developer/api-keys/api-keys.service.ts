import { DEVELOPER_LIMITS, type ApiKey, type ApiKeyCreateBody } from '@turing/contract';
import type { ApiKeyRow } from '../../../db/schema/index.ts';
import { AppError } from '../../../shared/app-error.ts';
import { isWellFormed, newToken, tokenDigest, tokenLast4, type RandomBytes } from './api-key-token.ts';
import type { ApiKeyPrincipal, ApiKeyService } from './api-keys.types.ts';
import type { ApiKeysRepository } from './api-keys.repository.ts';

const DAY_MS = 86_400_000;
/** A key's last use is written at most this often: a busy key must not write on every request. */
export const LAST_USED_EVERY_MS = 60_000;

export interface ApiKeyServiceDeps {
  keys: ApiKeysRepository;
  now: () => Date;
  randomBytes?: RandomBytes;
  /** Told when a key's last use could not be recorded; the request it came with goes on. */
  log: { warn(fields: Record<string, unknown>, msg: string): void };
  maxKeys?: number;
}

const isExpired = (row: Pick<ApiKeyRow, 'expiresAt'>, now: Date) =>
  row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();

function toApiKey(row: ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    last4: row.last4,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: isExpired(row, now),
  };
}

export function createApiKeyService(deps: ApiKeyServiceDeps): ApiKeyService {
  const { keys, now, log } = deps;
  const maxKeys = deps.maxKeys ?? DEVELOPER_LIMITS.apiKeysPerUser;

  return {
    async list(userId) {
      const at = now();
      return (await keys.listActive(userId)).map((row) => toApiKey(row, at));
    },

    async create(userId, body: ApiKeyCreateBody) {
      const at = now();
      const token = newToken(deps.randomBytes);
      const row = await keys.insertCapped(
        {
          userId,
          name: body.name,
          scopes: [...body.scopes],
          digest: tokenDigest(token),
          last4: tokenLast4(token),
          createdAt: at,
          expiresAt: body.expiresInDays ? new Date(at.getTime() + body.expiresInDays * DAY_MS) : null,
        },
        maxKeys,
      );
      if (!row) throw new AppError('API_KEY_LIMIT', { params: { max: maxKeys } });
      return { key: toApiKey(row, at), token };
    },

    async revoke(userId, id) {
      if (!(await keys.revoke(userId, id, now()))) throw new AppError('API_KEY_NOT_FOUND');
    },

    async authenticate(token, ip): Promise<ApiKeyPrincipal | null> {
      // Every token costs the same: its digest and one lookup, even when its shape or checksum
      // already says it is no key. A malformed one simply finds nothing, so how long the answer
      // takes does not tell a guesser which of the two it was.
      const wellFormed = isWellFormed(token);
      const row = await keys.findByDigest(tokenDigest(token));
      const at = now();
      if (!wellFormed || !row || row.revokedAt !== null || isExpired(row, at)) return null;
      const since = new Date(at.getTime() - LAST_USED_EVERY_MS);
      if (row.lastUsedAt === null || row.lastUsedAt <= since) {
        // Off the request's path: a failure to note the use must not fail the request it came with.
        void Promise.resolve()
          .then(() => keys.touch(row.id, at, ip, since))
          .catch((err: unknown) => {
            log.warn({ err, keyId: row.id }, "an API key's last use was not recorded");
          });
      }
      return { keyId: row.id, userId: row.userId, scopes: row.scopes };
    },
  };
}

import type { ApiKey, ApiKeyCreateBody, ApiScope } from '@turing/contract';

/** Who a request's key acts as, and what it may do. */
export interface ApiKeyPrincipal {
  keyId: string;
  userId: string;
  scopes: readonly ApiScope[];
}

export interface ApiKeyService {
  list(userId: string): Promise<ApiKey[]>;
  create(userId: string, body: ApiKeyCreateBody): Promise<{ key: ApiKey; token: string }>;
  revoke(userId: string, id: string): Promise<void>;
  /** The key's owner and scopes; null for every key that opens nothing, whatever the reason. */
  authenticate(token: string, ip: string): Promise<ApiKeyPrincipal | null>;
}

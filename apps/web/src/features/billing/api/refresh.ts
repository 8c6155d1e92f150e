import type { QueryClient } from '@tanstack/react-query';
import { userInfoQueryOptions } from '../../../shared/api/get-user-info.ts';
import { billingKeys } from './keys.ts';

/**
 * After anything that moved the balance: the account, both histories and the profile (whose
 * `isVip` the header shows) are read again.
 */
export function refreshBalance(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: billingKeys.account }),
    client.invalidateQueries({ queryKey: billingKeys.orders }),
    client.invalidateQueries({ queryKey: billingKeys.ledger }),
    client.invalidateQueries({ queryKey: billingKeys.invitation }),
    client.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
  ]);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminUsersQueryKey } from './search-users.ts';

/** Suspends an account: signed out everywhere, its works out of sight. */
const suspendUser = (userId: string) => call(communityAdminEndpoints.suspendUser, { body: { user: userId } });

export function useSuspendUser() {
  const client = useQueryClient();
  return useMutation({
    // The page shows the error where it happened.
    meta: { silent: true },
    mutationFn: suspendUser,
    onSuccess: () => client.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}

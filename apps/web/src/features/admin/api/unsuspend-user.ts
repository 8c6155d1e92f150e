import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminUsersQueryKey } from './search-users.ts';

/** Lifts an account’s suspension. */
const unsuspendUser = (userId: string) => call(communityAdminEndpoints.unsuspendUser, { body: { user: userId } });

export function useUnsuspendUser() {
  const client = useQueryClient();
  return useMutation({
    // The page shows the error where it happened.
    meta: { silent: true },
    mutationFn: unsuspendUser,
    onSuccess: () => client.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}

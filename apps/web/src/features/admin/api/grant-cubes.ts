import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingAdminEndpoints, type CallBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { adminUsersQueryKey } from './search-users.ts';

type GrantCubesBody = NonNullable<CallBody<typeof billingAdminEndpoints.grant>>;

/** Adds cubes to an account (negative takes them back); the key makes a repeated submit a no-op. */
const grantCubes = (body: GrantCubesBody) => call(billingAdminEndpoints.grant, { body });

export function useGrantCubes() {
  const client = useQueryClient();
  return useMutation({
    // The page shows the error where it happened.
    meta: { silent: true },
    mutationFn: grantCubes,
    onSuccess: () => client.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}

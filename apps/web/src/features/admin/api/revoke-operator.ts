import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminConsoleEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { auditQueryKey } from './list-audit.ts';
import { operatorMeQueryKey } from './get-operator-me.ts';
import { operatorsQueryKey } from './list-operators.ts';

const revokeOperator = (body: { user: string }) => call(adminConsoleEndpoints.operatorRevoke, { body });

/** Ends an account's operator role. */
export function useRevokeOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeOperator,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: operatorsQueryKey }),
        client.invalidateQueries({ queryKey: auditQueryKey }),
        // An owner who changed their own role sees the console as it now is for them.
        client.invalidateQueries({ queryKey: operatorMeQueryKey }),
      ]),
  });
}

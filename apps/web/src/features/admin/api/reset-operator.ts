import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminConsoleEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { auditQueryKey } from './list-audit.ts';
import { operatorMeQueryKey } from './get-operator-me.ts';
import { operatorsQueryKey } from './list-operators.ts';

const resetOperator = (body: { user: string }) => call(adminConsoleEndpoints.operatorReset, { body });

/** Removes an operator's authenticator (a lost phone): they set up a new one. */
export function useResetOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetOperator,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: operatorsQueryKey }),
        client.invalidateQueries({ queryKey: auditQueryKey }),
        // An owner who changed their own role sees the console as it now is for them.
        client.invalidateQueries({ queryKey: operatorMeQueryKey }),
      ]),
  });
}

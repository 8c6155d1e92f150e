import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminConsoleEndpoints, type OperatorRole } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { auditQueryKey } from './list-audit.ts';
import { operatorMeQueryKey } from './get-operator-me.ts';
import { operatorsQueryKey } from './list-operators.ts';

const grantOperator = (body: { user: string; role: OperatorRole }) =>
  call(adminConsoleEndpoints.operatorGrant, { body });

/** Makes an account an operator or changes its role; `silent` when the caller shows the error itself. */
export function useGrantOperator(opts: { silent?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: grantOperator,
    meta: { silent: opts.silent === true },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: operatorsQueryKey }),
        client.invalidateQueries({ queryKey: auditQueryKey }),
        // An owner who changed their own role sees the console as it now is for them.
        client.invalidateQueries({ queryKey: operatorMeQueryKey }),
      ]),
  });
}

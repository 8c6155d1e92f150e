import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminConsoleEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { operatorMeQueryKey } from './get-operator-me.ts';

const confirmTotp = (code: string) => call(adminConsoleEndpoints.totpConfirm, { body: { code } });

/**
 * Finishes the set-up; answers the recovery codes, shown once. The operator's state is read again
 * only when they have seen them (see the enrol card), or the gate would close over the codes.
 */
export function useConfirmTotp() {
  const client = useQueryClient();
  return {
    ...useMutation({ mutationFn: confirmTotp, meta: { silent: true } }),
    done: () => client.invalidateQueries({ queryKey: operatorMeQueryKey }),
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminConsoleEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { operatorMeQueryKey } from './get-operator-me.ts';

const verifyTotp = (code: string) => call(adminConsoleEndpoints.totpVerify, { body: { code } });

/** Passes the second factor for this session; the answer is the operator's new state. */
export function useVerifyTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    // The card shows the error beside the code.
    meta: { silent: true },
    onSuccess: (me) => client.setQueryData(operatorMeQueryKey, me),
  });
}

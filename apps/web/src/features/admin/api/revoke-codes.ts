import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingAdminEndpoints, type CallBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { codesQueryKey } from './list-codes.ts';

type RevokeCodesBody = NonNullable<CallBody<typeof billingAdminEndpoints.codesRevoke>>;

/** Withdraws one unused code or every unused code of a batch. */
const revokeCodes = (body: RevokeCodesBody) => call(billingAdminEndpoints.codesRevoke, { body });

export function useRevokeCodes() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: codesQueryKey }),
  });
}

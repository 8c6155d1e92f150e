import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingAdminEndpoints, type CallBody } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { codesQueryKey } from './list-codes.ts';

type MintCodesBody = NonNullable<CallBody<typeof billingAdminEndpoints.codesMint>>;

/** Mints a batch of redemption codes; the answer is the only time the whole batch is handed out at once. */
const mintCodes = (body: MintCodesBody) => call(billingAdminEndpoints.codesMint, { body });

export function useMintCodes() {
  const client = useQueryClient();
  return useMutation({
    // The form shows what was wrong with the batch.
    meta: { silent: true },
    mutationFn: mintCodes,
    onSuccess: () => client.invalidateQueries({ queryKey: codesQueryKey }),
  });
}

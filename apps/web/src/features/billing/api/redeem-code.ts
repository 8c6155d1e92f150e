import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { refreshBalance } from './refresh.ts';

const redeemCode = (code: string) => call(billingEndpoints.exchange, { query: { code } });

/** Redeems a code for cubes or plan days; the card shows each refusal itself. */
export function useRedeemCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    meta: { silent: true },
    onSuccess: () => refreshBalance(client),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';
import { refreshBalance } from './refresh.ts';

export type DevOutcome = 'paid' | 'failed' | 'cancelled';

const devConfirm = (body: { id: string; outcome: DevOutcome }) => call(billingEndpoints.devConfirm, { body });

/** The development provider settles an order as paid, failed or cancelled. */
export function useDevConfirm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: devConfirm,
    onSuccess: (order) => {
      client.setQueryData(billingKeys.order(order.id), order);
      return refreshBalance(client);
    },
  });
}

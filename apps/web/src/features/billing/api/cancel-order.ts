import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';

const cancelOrder = (id: string) => call(billingEndpoints.orderCancel, { body: { id } });

/** Cancels a pending order; the order list shows its new state. */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      client.setQueryData(billingKeys.order(order.id), order);
      return client.invalidateQueries({ queryKey: billingKeys.orders });
    },
  });
}

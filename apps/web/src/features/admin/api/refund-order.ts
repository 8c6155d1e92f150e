import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingAdminEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { ordersSearchQueryKey } from './search-orders.ts';

/** Asks the provider to pay a paid order back, then takes back what it granted (finance). */
const refundOrder = (orderId: string) => call(billingAdminEndpoints.orderRefund, { body: { orderId } });

export function useRefundOrder() {
  const client = useQueryClient();
  return useMutation({
    // The refund dialog shows every answer itself, a refusal included.
    meta: { silent: true },
    mutationFn: refundOrder,
    // A refused refund is kept on the order too: the list is read again whatever the answer.
    onSettled: () => client.invalidateQueries({ queryKey: ordersSearchQueryKey }),
  });
}

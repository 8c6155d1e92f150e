import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, type CheckoutDevice } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';

const payOrder = (body: { id: string; device: CheckoutDevice }) => call(billingEndpoints.orderPay, { body });

/**
 * The checkout of an order left pending, to finish paying it; the caller then goes there. The
 * order is kept as answered: it carries a fresh WeChat Pay code for the QR dialog.
 */
export function usePayOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSuccess: ({ order }) => client.setQueryData(billingKeys.order(order.id), order),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, type billingRoutes } from '@turing/contract';
import type { z } from 'zod';
import { call } from '../../../shared/http/client.ts';
import { billingKeys } from './keys.ts';

type Body = z.input<typeof billingRoutes.orderCreate.body>;

const createOrder = (body: Body) => call(billingEndpoints.orderCreate, { body });

/**
 * Creates a pending order; the caller then leaves for its checkout address. The order history
 * lists it at once, so one left unpaid can be paid from there; the order itself is kept as
 * answered (the QR dialog shows its WeChat Pay code without asking again).
 */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: ({ order }) => {
      client.setQueryData(billingKeys.order(order.id), order);
      return client.invalidateQueries({ queryKey: billingKeys.orders });
    },
  });
}

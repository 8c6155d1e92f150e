import { useMutation } from '@tanstack/react-query';
import { billingEndpoints } from '@turing/contract';
import { call } from '../../../shared/http/client.ts';

export const payOrder = (id: string) => call(billingEndpoints.orderPay, { body: { id } });

/** The checkout of an order left pending, to finish paying it; the caller then goes there. */
export const usePayOrder = () => useMutation({ mutationFn: payOrder });

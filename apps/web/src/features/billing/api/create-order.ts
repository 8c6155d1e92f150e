import { useMutation } from '@tanstack/react-query';
import { billingEndpoints, type billingRoutes } from '@turing/contract';
import type { z } from 'zod';
import { call } from '../../../shared/http/client.ts';

type Body = z.input<typeof billingRoutes.orderCreate.body>;

export const createOrder = (body: Body) => call(billingEndpoints.orderCreate, { body });

/** Creates a pending order; the caller then leaves for its checkout address. */
export const useCreateOrder = () => useMutation({ mutationFn: createOrder });

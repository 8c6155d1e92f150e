import type { FastifyInstance } from 'fastify';
import type { Reconciler } from '../orders.reconcile.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * A merchant payment provider as the billing module takes it: the provider, and its notification
 * route, registered in a scope of its own (the signature covers the raw body, so that scope reads
 * bodies raw; no session or app header: the signature is the proof).
 */
export interface PaymentGateway {
  provider: PaymentProvider;
  webhook: (app: FastifyInstance, opts: { reconciler: Reconciler }) => Promise<void>;
}

import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useOrder } from '../api/get-order.ts';
import { refreshBalance } from '../api/refresh.ts';

const POLL_MS = 1_500;
/** A webhook normally lands within seconds; past this the page stops waiting and says so. */
const GIVE_UP_MS = 60_000;

/**
 * Back from a payment provider with `?order=`: the order is read again until it leaves "pending",
 * then the outcome is announced once, the balance refreshed and `onSettled` called.
 */
export function useOrderReturn(orderId: string | null, onSettled: () => void) {
  const { t } = useTranslation('billing');
  const client = useQueryClient();
  // The order this page stopped waiting for (a timer sets it, so it never needs resetting).
  const [slowFor, setSlowFor] = useState<string | null>(null);
  const slow = orderId !== null && slowFor === orderId;
  const { data: order, error } = useOrder(slow ? null : orderId, POLL_MS);
  const settled = order && order.id === orderId && order.state !== 'pending' ? order : null;
  const announced = useRef<string | null>(null);
  const settledRef = useRef(onSettled);
  useEffect(() => {
    settledRef.current = onSettled;
  });

  useEffect(() => {
    if (!orderId) return;
    const timer = window.setTimeout(() => setSlowFor(orderId), GIVE_UP_MS);
    return () => window.clearTimeout(timer);
  }, [orderId]);

  useEffect(() => {
    if (!orderId || announced.current === orderId || (!slow && !error && !settled)) return;
    announced.current = orderId;
    if (settled) {
      const say = { paid: toast.success, failed: toast.error, cancelled: toast.info, refunded: toast.info };
      say[settled.state as keyof typeof say](t(`result.${settled.state}`));
    } else if (error) toast.error(error.message);
    else toast.info(t('result.slow'));
    void refreshBalance(client);
    settledRef.current();
  }, [orderId, settled, error, slow, client, t]);

  return { waiting: Boolean(orderId) && !settled && !error && !slow };
}

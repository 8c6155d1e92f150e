import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Order } from '@turing/contract';
import { useOrder } from '../api/get-order.ts';
import { usePayOrder } from '../api/pay-order.ts';

/** The server asks WeChat Pay at most every 5 s; polling it more often than this gains nothing. */
const POLL_MS = 2_000;

export type ScanStatus = 'loading' | 'waiting' | 'expired' | Exclude<Order['state'], 'pending'>;

const everySecond = (onTick: () => void) => {
  const timer = window.setInterval(onTick, 1_000);
  return () => window.clearInterval(timer);
};
const never = () => () => {};
const nowSeconds = () => Math.floor(Date.now() / 1_000);

/** Seconds until `at`, ticking each second; null without a deadline. */
function useSecondsLeft(at: string | null) {
  const now = useSyncExternalStore(at ? everySecond : never, nowSeconds);
  return at ? Math.max(0, Math.ceil(Date.parse(at) / 1_000) - now) : null;
}

/**
 * The order behind WeChat Pay's QR dialog, read every 2 s while the dialog is open: its code to
 * scan (asked afresh when the order no longer carries one, e.g. on a reload), the seconds left to
 * pay and where the payment stands. An order closed at its deadline reads as expired, not cancelled.
 */
export function useScanOrder(orderId: string | null, open: boolean) {
  const { data, error } = useOrder(orderId, open ? POLL_MS : undefined);
  const order = data && data.id === orderId ? data : undefined;
  // A settled order comes back without its deadline; the last one seen tells an expiry apart.
  const [deadline, setDeadline] = useState<{ id: string; at: string } | null>(null);
  if (order?.expiresAt && (deadline?.id !== order.id || deadline.at !== order.expiresAt)) {
    setDeadline({ id: order.id, at: order.expiresAt });
  }
  const at = order && deadline?.id === order.id ? deadline.at : null;
  // The clock ticks only while the dialog shows it.
  const secondsLeft = useSecondsLeft(open ? at : null);
  const pastDeadline = secondsLeft === 0;

  const status: ScanStatus = !order
    ? 'loading'
    : order.state === 'pending'
      ? pastDeadline
        ? 'expired'
        : 'waiting'
      : order.state === 'cancelled' && pastDeadline
        ? 'expired'
        : order.state;

  const pay = usePayOrder();
  const { mutate } = pay;
  const asked = useRef<string | null>(null);
  const needsCode = open && status === 'waiting' && !order?.payCode;
  useEffect(() => {
    if (!needsCode || !orderId || asked.current === orderId) return;
    asked.current = orderId;
    mutate({ id: orderId, device: 'desktop' });
  }, [needsCode, orderId, mutate]);
  const freshCode = pay.data?.order.id === orderId ? pay.data.order.payCode : null;

  return {
    order,
    error: error ?? pay.error,
    payCode: order?.payCode ?? freshCode,
    secondsLeft: status === 'waiting' ? secondsLeft : null,
    status,
  };
}

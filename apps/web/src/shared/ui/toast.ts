import type { App } from 'antd';
import { LIMITS } from '@turing/contract';

type AppApi = ReturnType<typeof App.useApp>;
type MessageInstance = AppApi['message'];

/**
 * Toasts callable from anywhere (including the HTTP client). The antd App component hands its
 * themed message instance to `bindToast` once mounted; before that, calls are dropped.
 */
let messageApi: MessageInstance | null = null;

export function bindToast(message: MessageInstance) {
  messageApi = message;
}

type Kind = 'info' | 'success' | 'warning' | 'error' | 'loading';

function show(kind: Kind, content: string, durationMs: number = LIMITS.toastMs) {
  return messageApi?.open({ type: kind, content, duration: durationMs / 1000 });
}

export const toast = {
  info: (content: string, ms?: number) => show('info', content, ms),
  success: (content: string, ms?: number) => show('success', content, ms),
  warning: (content: string, ms?: number) => show('warning', content, ms),
  error: (content: string, ms?: number) => show('error', content, ms),
  loading: (content: string, ms?: number) => show('loading', content, ms),
};

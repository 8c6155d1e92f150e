import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DESIGN_EVENTS_PATH, LIMITS, type Task } from '@turing/contract';
import { applyTask, designKeys } from '../api/task-cache.ts';

export type StreamState = 'connecting' | 'open' | 'reconnecting';

/**
 * Follows the user's tasks live over one EventSource. The browser reconnects by itself and sends
 * Last-Event-ID, so the server replays what was missed; after a long gap the history is reloaded.
 */
export function useTaskEvents(enabled = true): StreamState {
  const client = useQueryClient();
  // EventSource sends no custom headers: the language of error messages travels in the URL.
  const locale = useTranslation().i18n.language === 'zh' ? 'zh' : 'en';
  const [state, setState] = useState<StreamState>('connecting');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${LIMITS.apiBase}${DESIGN_EVENTS_PATH}?locale=${locale}`, {
      withCredentials: true,
    });
    let dropped = false;
    source.addEventListener('open', () => {
      setState('open');
      if (dropped) void client.invalidateQueries({ queryKey: designKeys.tasks });
      dropped = false;
    });
    source.addEventListener('error', () => {
      dropped = true;
      setState(source.readyState === EventSource.CLOSED ? 'connecting' : 'reconnecting');
    });
    source.addEventListener('task', (event) => {
      try {
        applyTask(client, JSON.parse((event as MessageEvent<string>).data) as Task);
      } catch {
        // A malformed event is skipped; the next one or a reload brings the state.
      }
    });
    return () => source.close();
  }, [client, enabled, locale]);
  return state;
}

import { cachedProfile } from '../../../shared/session/login-store.ts';
import { storage } from '../../../shared/storage/storage.ts';

const MAX = 20;
const key = () => `PROMPT_HISTORY_${cachedProfile()?.id ?? 'anonymous'}`;

/** The user's recent prompts, newest first (kept per user on this browser). */
export function readPromptHistory(): string[] {
  const list = storage.get<unknown>(key());
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
}

export function rememberPrompt(prompt: string) {
  const text = prompt.trim();
  if (!text) return;
  const next = [text, ...readPromptHistory().filter((p) => p !== text)].slice(0, MAX);
  storage.set(key(), next, { expire: null });
}

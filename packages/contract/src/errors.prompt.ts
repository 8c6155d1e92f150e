// The prompt help's part of the error table (errors.ts): what "Improve prompt" refuses.
import type { ErrorDef } from './errors.types.ts';

const def = (http: number, en: string, zh: string): ErrorDef => ({ http, en, zh });

/**
 * Refusals of "Improve prompt" (the 500 is PROMPT_HELP_TEXT_MAX of design.prompt.ts); a language model
 * that fails is never one of them: the answer falls back to the offline composition.
 */
export const PROMPT_HELP_ERRORS = {
  PROMPT_HELP_TEXT_REQUIRED: def(400, 'Type a few words to improve first', '请先输入几个词再优化'),
  PROMPT_HELP_TEXT_TOO_LONG: def(
    400,
    'Improve prompt takes at most 500 characters; shorten the text or improve part of it',
    '提示词优化最多支持 500 个字符，请缩短文字或只优化其中一部分',
  ),
};

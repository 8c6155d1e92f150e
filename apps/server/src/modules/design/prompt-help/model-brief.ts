import type { DesignType, Tag, TagCategory, TaskMode } from '@turing/contract';
import type { PromptWriterInput } from '../../../generation/index.ts';
import type { AnswerLang } from './offline-composer.ts';

/** How long an answer may be: a full prompt, well inside the prompt field's 1000 characters. */
const WORDS_MAX = 80;
const HAN_MAX = 150;
/** Tokens for one prompt, and for a Chinese prompt with its English version (Chinese takes about a token a character). */
const TOKENS_ONE = 320;
const TOKENS_TWO = 640;

const SUBJECT: Record<DesignType, string> = {
  architectural: 'an architectural image (a building in its setting)',
  interior: 'an interior design image (a room and its furnishing)',
};

const TASK: Record<TaskMode, string> = {
  text: 'The image is made from the prompt alone.',
  iterate:
    'The image re-renders an existing design picture: describe the look to give it (style, materials, light, atmosphere), not a different building.',
  upscale: 'The image re-renders an existing design picture: describe its look.',
  edit: 'The image changes one marked region of an existing picture: describe only what goes in that region, so that it fits the rest.',
};

const CATEGORY_NAME: Record<TagCategory, string> = {
  style: 'style',
  material: 'materials',
  function: 'building or room type',
};

export interface BriefInput {
  text: string;
  mode: TaskMode;
  type: DesignType;
  chosen: Record<TagCategory, Tag[]>;
  lang: AnswerLang;
  withEnglish: boolean;
}

/**
 * The instruction a language model gets: the user's words stay the subject, the choices made in the
 * form are woven in, and the answer is bounded and plain (answer-cleanup.ts still cleans it). The
 * user's text goes as the user message, never inside the instruction.
 */
export function modelBrief(input: BriefInput): PromptWriterInput {
  const choices = (Object.keys(CATEGORY_NAME) as TagCategory[])
    .filter((category) => input.chosen[category].length)
    .map(
      (category) =>
        `${CATEGORY_NAME[category]}: ${input.chosen[category].map((t) => `${t.label.en} (${t.prompt.en})`).join('; ')}`,
    );
  const language =
    input.lang === 'zh'
      ? `Write the prompt in Simplified Chinese, at most ${HAN_MAX} characters.`
      : `Write the prompt in English, at most ${WORDS_MAX} words.`;
  const lines = [
    'You write prompts for an image generator used by architects and interior designers.',
    `Turn the user's few words into one complete prompt for ${SUBJECT[input.type]}. ${TASK[input.mode]}`,
    'Cover the subject and its setting, the building or room type, the style, materials, lighting and time of day, the viewpoint, the atmosphere and the rendering quality. Keep every idea the user gave, add only what a designer would expect, and add no text, logos or names.',
    ...(choices.length ? [`Use the choices the user made: ${choices.join('. ')}.`] : []),
    language,
    input.withEnglish
      ? 'Answer with exactly two lines and nothing else: the Chinese prompt, then the same prompt in English. Plain text: no quotes, no labels, no markdown.'
      : 'Answer with the prompt only, as plain text on one line: no quotes, no labels, no markdown, no explanation.',
  ];
  return { system: lines.join('\n'), user: input.text, maxTokens: input.withEnglish ? TOKENS_TWO : TOKENS_ONE };
}

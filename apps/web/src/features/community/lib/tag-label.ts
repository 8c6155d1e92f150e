import type { CommunityTag } from '@turing/contract';

/** A tag's label in the interface's language (English for anything but Chinese). */
export const tagLabel = (tag: Pick<CommunityTag, 'label'>, language: string) =>
  language.startsWith('zh') ? tag.label.zh : tag.label.en;

export const localized = (text: { en: string; zh: string }, language: string) =>
  language.startsWith('zh') ? text.zh : text.en;

import { REPORT_REASONS } from '@turing/contract';

const KNOWN: readonly string[] = REPORT_REASONS;

/** A report reason, or a hiding reason that is one, in the operator's language; free text as written. */
export const reasonText = (t: (key: string) => string, reason: string) =>
  KNOWN.includes(reason) ? t(`moderation.reasons.${reason}`) : reason;

import { z } from 'zod';

export const errorEnvelope = z.object({
  status: z.number().int(),
  msg: z.string(),
  data: z.null(),
  code: z.string(),
  details: z.unknown().optional(),
});

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(200), msg: z.string(), data });
}
export type Envelope<T> = { status: number; msg: string; data: T; code?: string };

import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/**
 * An antd form rule that runs a contract field schema, so the form refuses exactly what the
 * server refuses and says it with the same localised error-code message.
 */
export function contractRule(schema: z.ZodType, t: TFunction): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(t(`errors:${result.error.issues[0]?.message ?? 'VALIDATION'}`));
    },
  };
}

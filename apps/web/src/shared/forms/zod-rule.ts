import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../http/api-error.ts';
import { toastError } from '../ui/toast-error.ts';

/** Which of the sign-in field rules to apply, fetched on the first check (see field-schemas.ts). */
export type LazyField = keyof typeof import('./field-schemas.ts');
const fieldSchemas = () => import('./field-schemas.ts');

/**
 * An antd Form rule that applies a contract field schema and shows its localised message. Given a
 * field's name, the schema is fetched the first time the rule runs.
 */
export function zodRule(schema: z.ZodType | LazyField, t: TFunction): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const resolved = typeof schema === 'string' ? (await fieldSchemas())[schema] : schema;
      const result = resolved.safeParse(value ?? '');
      if (!result.success) throw new Error(t(`errors:${result.error.issues[0]?.message ?? 'VALIDATION'}`));
    },
  };
}

/** The second password must equal the first ("the two passwords do not match"). */
export function matchRule(field: string, t: TFunction): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value !== getFieldValue(field)) throw new Error(t('errors:PASSWORD_MISMATCH'));
    },
  });
}

/**
 * Puts a server rejection where the user looks: on the offending fields when the server named
 * them, otherwise in a toast.
 */
export function reportFormError(form: FormInstance, err: unknown, t: TFunction, known: string[]) {
  const fields = err instanceof ApiError ? err.fields.filter((f) => known.includes(f.field.split('.')[0]!)) : [];
  if (fields.length === 0) return toastError(err);
  form.setFields(fields.map((f) => ({ name: f.field.split('.')[0]!, errors: [t(`errors:${f.code}`)] })));
}

import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from '../http/api-error.ts';
import { toastError } from '../ui/toast-error.ts';

/** An antd Form rule that applies a contract field schema and shows its localised message. */
export function zodRule(schema: z.ZodType, t: TFunction): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(t(`errors:${result.error.issues[0]?.message ?? 'VALIDATION'}`));
    },
  };
}

/** The second password must equal the first ("Password not match"). */
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

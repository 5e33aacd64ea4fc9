import type * as z from 'zod/mini';

export type FormErrorMap = Record<string, string>;

/**
 * A Mantine form validator from a zod schema: the first issue of each top-level field, as its
 * message key (the contract's messages are FIELD_ERRORS keys). `extra` adds cross-field rules.
 */
export function zodValidate<V>(schema: z.ZodMiniType, extra?: (values: V) => FormErrorMap) {
  return (values: V): FormErrorMap => {
    const errors: FormErrorMap = {};
    const result = schema.safeParse(values);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0];
        if (typeof field !== 'string' || field in errors) continue;
        // An empty input reads "required" whatever rule it broke first (e.g. the code's pattern).
        const value = (values as Record<string, unknown>)[field];
        errors[field] = value === '' ? 'required' : issue.message;
      }
    }
    for (const [field, message] of Object.entries(extra?.(values) ?? {})) {
      if (!(field in errors)) errors[field] = message;
    }
    return errors;
  };
}

/** Confirmation must repeat the password exactly. */
export function matchPasswords(password: string, confirm: string, field: string): FormErrorMap {
  return confirm !== '' && confirm !== password
    ? { [field]: 'passwords_mismatch' }
    : confirm === ''
      ? { [field]: 'required' }
      : {};
}

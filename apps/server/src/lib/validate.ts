import type { z } from 'zod';
import { AppError } from './errors.js';

/** Parses a payload with a contract schema; failures become 400 with a message key per field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (fields[key]) continue;
    fields[key] = /^[a-z_]+$/.test(issue.message)
      ? issue.message
      : issue.code === 'invalid_type'
        ? 'required'
        : 'invalid_value';
  }
  throw new AppError('parse_data_error', 400, fields);
}

import { z } from 'zod';
import { AppError } from './errors.js';

// Configuration the server stores as JSON (a product's prices, a task's instance configuration) and
// reads back: the error catalogue's marshal_config_error and parse_config_error, never a bare 500.

/** The JSON text of a configuration to store; one that cannot be written is `marshal_config_error`. */
export function marshalConfig(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined; // a cycle, or a value JSON has no form for (a BigInt)
  }
  if (text === undefined) throw new AppError('marshal_config_error', 500);
  return text;
}

/** A stored configuration as its schema says; one that does not parse is `parse_config_error`. */
export function parseConfig<T extends z.core.$ZodType>(schema: T, stored: unknown): z.output<T> {
  const result = z.safeParse(schema, stored);
  if (!result.success) throw new AppError('parse_config_error', 500);
  return result.data;
}

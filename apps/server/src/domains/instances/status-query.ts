import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from '../../infra/lib/api.js';

/** Plain decimal digits, no sign, no leading zero, at most nine: always an id InstanceQuery accepts. */
const PLAIN_ID = /^[1-9][0-9]{0,8}$/;

/**
 * The status route's validator: the app's own (zod's InstanceQuery), with a shortcut for the one
 * shape every poll sends. A query whose `id` is plain digits is what the schema accepts, and the value
 * is the one it would give (`{ id }` as a number, other keys dropped); anything else goes to the
 * schema, so errors and edge cases answer exactly as on every other route. Zod's parse was the
 * largest cost the route adds to the pipeline (docs/benchmarks.md).
 */
export const statusQueryCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const full = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'querystring') return full;
  return (data) => {
    const id = (data as { id?: unknown } | null | undefined)?.id;
    return typeof id === 'string' && PLAIN_ID.test(id) ? { value: { id: Number(id) } } : full(data);
  };
};

import { InstanceQuery } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { validatorCompiler } from '../../infra/lib/api.js';
import { statusQueryCompiler } from './status-query.js';

const route = { schema: InstanceQuery, method: 'GET', url: '/api/instance/status', httpPart: 'querystring' };
const schemaOnly = validatorCompiler(route);
const withShortcut = statusQueryCompiler(route);

/** What a caller sees of a validation: the value, or the error's code and fields. */
function outcome(result: unknown) {
  const r = result as { value?: unknown; error?: { code: string; fields?: unknown; statusCode?: number } };
  return r.error ? { code: r.error.code, fields: r.error.fields, status: r.error.statusCode } : { value: r.value };
}

describe('the status route’s query check', () => {
  const queries: Record<string, unknown>[] = [
    { id: '1' },
    { id: '42' },
    { id: '999999999' },
    { id: '1000000000' },
    { id: '2147483647' },
    { id: '2147483648' },
    { id: '0' },
    { id: '007' },
    { id: '-1' },
    { id: '+5' },
    { id: ' 5' },
    { id: '5 ' },
    { id: '1e3' },
    { id: '0x10' },
    { id: '1.0' },
    { id: '1.5' },
    { id: '' },
    { id: 'abc' },
    { id: '１２' },
    { id: ['1', '2'] },
    { id: '12', extra: 'x' },
    {},
  ];

  it.each(queries.map((q) => [JSON.stringify(q), q]))('answers %s exactly as the schema does', (_, q) => {
    expect(outcome(withShortcut(q))).toEqual(outcome(schemaOnly(q)));
  });

  it('accepts a poll’s plain id and refuses a bad one with wrong_search_data', () => {
    expect(outcome(withShortcut({ id: '42' }))).toEqual({ value: { id: 42 } });
    expect(outcome(withShortcut({ id: 'abc' }))).toMatchObject({ code: 'wrong_search_data', status: 400 });
  });
});

import { describe, expect, it } from 'vitest';
import { allOperations } from '../../schema/load.js';
import { handlers } from './index.js';

describe('route coverage', () => {
  it.each([8, 9] as const)('every operation of schema %i has a handler, and no handler is outside the schema', (v) => {
    const ops = allOperations(v).map((op) => `${op.method} ${op.path}`);
    expect(ops.filter((key) => !handlers[key])).toEqual([]);
    expect(Object.keys(handlers).filter((key) => !ops.includes(key))).toEqual([]);
  });
});

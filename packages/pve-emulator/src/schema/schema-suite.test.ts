import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../index.js';
import { api, start } from '../../test/helpers.js';
import { invalidSample, validSample } from '../../test/schema-samples.js';
import { allOperations } from './load.js';
import { validateParams } from './validate.js';
import type { Operation } from './types.js';

interface Case {
  title: string;
  op: Operation;
  params: Record<string, string>;
  param: string;
  expectMessage?: string;
}

function requiredParams(op: Operation): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, s] of Object.entries(op.parameters.properties ?? {})) {
    if (!s.optional || op.path.includes(`{${name}}`)) out[name] = validSample(s);
  }
  return out;
}

/** Three cases per operation: a missing required param, a wrongly typed one, an unknown one. */
function casesFor(op: Operation): Case[] {
  const base = requiredParams(op);
  const label = `${op.method} ${op.path}`;
  const cases: Case[] = [];
  const props = op.parameters.properties ?? {};
  // Path params cannot be "missing" (the URL would not route), so the missing case needs a body/query param.
  // Operations with no required non-path parameter (e.g. GET /nodes) get no missing case.
  const missing = Object.keys(base).find((k) => !op.path.includes(`{${k}}`));
  if (missing) {
    const params = { ...base };
    delete params[missing];
    cases.push({
      title: `${label} missing ${missing}`,
      op,
      params,
      param: missing,
      expectMessage: 'property is missing and it is not optional',
    });
  }
  // Prefer a typed param; otherwise an enum/format/length violation. Ops without parameters (GET /nodes, /version) get none.
  const ordered = Object.entries(props).sort(
    ([, a], [, b]) => Number((b.type ?? 'string') !== 'string') - Number((a.type ?? 'string') !== 'string'),
  );
  for (const [name, s] of ordered) {
    if (name.endsWith('[n]') || s.type === 'array') continue;
    const bad = invalidSample(s);
    if (!bad) continue;
    const expectMessage = bad.typeError
      ? `type check ('${s.type ?? 'string'}') failed - got '${bad.value}'`
      : undefined;
    cases.push({
      title: `${label} wrong ${name}`,
      op,
      params: { ...base, [name]: bad.value },
      param: name,
      expectMessage,
    });
    break;
  }
  cases.push({
    title: `${label} unknown param`,
    op,
    params: { ...base, nimbus_bogus: '1' },
    param: 'nimbus_bogus',
    expectMessage: 'property is not defined in schema and the schema does not allow additional properties',
  });
  return cases;
}

function send(em: Emulator, c: Case) {
  let path = c.op.path;
  const params = { ...c.params };
  for (const m of c.op.path.matchAll(/\{([^}]+)\}/g)) {
    const name = m[1] ?? '';
    path = path.replace(`{${name}}`, encodeURIComponent(params[name] ?? ''));
    delete params[name];
  }
  return api(em, c.op.method, path, params);
}

for (const version of [8, 9] as const) {
  describe(`schema ${version}: every operation validates like Proxmox`, () => {
    let em: Emulator;
    beforeAll(async () => {
      em = await start({ schema: version });
    });
    afterAll(() => em.close());
    const ops = allOperations(version);
    it('covers every vendored operation', () => {
      expect(ops.length).toBeGreaterThanOrEqual(70);
    });
    // Over HTTP a path parameter cannot be left out (the URL would not route, 501 like pveproxy), so
    // operations whose only required parameters sit in the path check "missing" at the validator.
    // GET /nodes, /version, /cluster/resources and /cluster/nextid have no required parameter at all.
    const pathOnly = ops.filter((op) => {
      const req = Object.entries(op.parameters.properties ?? {}).filter(([, p]) => !p.optional);
      return req.length > 0 && req.every(([k]) => op.path.includes(`{${k}}`));
    });
    it.each(pathOnly.map((op) => [`${op.method} ${op.path}`, op] as const))('%s: missing path param', (_t, op) => {
      const params = requiredParams(op);
      const name = Object.keys(params).find((k) => !op.parameters.properties?.[k]?.optional) ?? '';
      delete params[name];
      expect(validateParams(op, params)).toEqual({ [name]: 'property is missing and it is not optional' });
    });
    it.each(ops.flatMap(casesFor).map((c) => [c.title, c] as const))('%s → 400', async (_title, c) => {
      const r = await send(em, c);
      expect(r.status).toBe(400);
      expect(r.statusText).toBe('Parameter verification failed.');
      expect(r.body.data).toBeNull();
      // Only the parameter under test is wrong: the other sample values pass validation.
      expect(Object.keys(r.body.errors ?? {})).toEqual([c.param]);
      if (c.expectMessage) expect(r.body.errors?.[c.param]).toBe(c.expectMessage);
    });
  });
}

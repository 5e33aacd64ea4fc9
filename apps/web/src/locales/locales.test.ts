import { ERROR_CODES, FIELD_ERRORS, type PromotionRefusal } from '@nimbus/contract';

// Every promotion refusal the server may send (a Record, so a new one must be added here).
const REFUSALS: Record<PromotionRefusal, true> = {
  promotion_unknown: true,
  promotion_expired: true,
  promotion_not_started: true,
  promotion_used_up: true,
  promotion_already_used: true,
  promotion_not_applicable: true,
};
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const en = import.meta.glob<Tree>('./en_US/*.json', { eager: true, import: 'default' });
const zh = import.meta.glob<Tree>('./zh_CN/*.json', { eager: true, import: 'default' });

/** Identical in both languages on purpose: names written in their own language. */
// Language names are written in their own language; "CPU" is what Chinese consoles call it too.
const SAME_IN_BOTH = new Set([
  'common:language.en_US',
  'common:language.zh_CN',
  'instance-live:charts.cpuTitle',
  'instances:fields.cores',
]);

function flatten(files: Record<string, Tree>): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (prefix: string, node: Tree) => {
    for (const [key, value] of Object.entries(node)) {
      const path = `${prefix}.${key}`;
      if (typeof value === 'string') out.set(path, value);
      else walk(path, value);
    }
  };
  for (const [file, tree] of Object.entries(files)) {
    const ns = /([^/]+)\.json$/.exec(file)?.[1] ?? file;
    walk(ns, tree);
  }
  return new Map([...out].map(([k, v]) => [k.replace('.', ':'), v]));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const enKeys = flatten(en);
const zhKeys = flatten(zh);

describe('locales', () => {
  it('have the same namespaces', () => {
    const names = (files: Record<string, Tree>) =>
      Object.keys(files)
        .map((f) => f.split('/').pop())
        .sort();
    expect(names(zh)).toEqual(names(en));
    expect(names(en).length).toBeGreaterThan(0);
  });

  it('have the same keys', () => {
    expect([...zhKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
    expect([...enKeys.keys()].filter((k) => !zhKeys.has(k))).toEqual([]);
  });

  it('have no empty values', () => {
    const empty = [...enKeys, ...zhKeys].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('are truly translated', () => {
    const copied = [...enKeys]
      .filter(([k, v]) => /[A-Za-z]/.test(v) && zhKeys.get(k) === v && !SAME_IN_BOTH.has(k))
      .map(([k]) => k);
    expect(copied).toEqual([]);
  });

  it('keep the same interpolation variables', () => {
    const differing = [...enKeys]
      .filter(([k, v]) => placeholders(v).join() !== placeholders(zhKeys.get(k) ?? '').join())
      .map(([k]) => k);
    expect(differing).toEqual([]);
  });

  it('translate every error code and field message of the contract', () => {
    // The console's own error texts live in errors-console.json, merged into `errors` when it loads.
    const has = (key: string) => enKeys.has(`errors:${key}`) || enKeys.has(`errors-console:${key}`);
    for (const code of ERROR_CODES) expect(has(`code.${code}`), code).toBe(true);
    for (const key of [...FIELD_ERRORS, ...Object.keys(REFUSALS)]) expect(has(`field.${key}`), key).toBe(true);
  });
});

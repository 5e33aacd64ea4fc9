import fc from 'fast-check';
import { resolve, type ApiDoc, type Endpoint, type Schema } from './openapi-kit.js';

// Inputs for the fuzz suite, from an operation's schemas: values the schema takes, values it must
// refuse (wrong types, huge strings, NUL and bidirectional characters, lone surrogates, deep
// nesting), and raw bodies no client should send (bad JSON, wrong content types, broken multipart).

/** Strings a careless handler chokes on. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u2066\u2067\u2068\u2069\u200E\u200F\u061C',
  '\uFEFF',
  '\uD800',
  'x\uDFFFy',
  '😀'.repeat(40),
  '\r\nSet-Cookie: x=1',
  '../../../../etc/passwd',
  "' or 1=1 --",
  '%00%ff%',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
];

const LONE_SURROGATE = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Strings of every kind: nasty ones, huge ones, any code point, lone surrogates. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.string({ unit: 'binary', maxLength: 4 }), LONE_SURROGATE).map(([a, b]) => a + b),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '\u0000', '\u202E', '😀', '%'), fc.constantFrom(1000, 70_000))
      .map(([c, n]) => c.repeat(n)),
  },
);

const anyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, Number.MIN_VALUE, 1.5, -0),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value nested `depth` deep: arrays in arrays, or objects in objects. */
export const deeplyNested = (depth: number, kind: 'array' | 'object'): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
};

/** Any JSON value, nasty strings in it, some of it nested deep. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    anyNumber,
    anyString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(anyString, fc.constantFrom('__proto__', 'constructor', 'Id')), tie('value'), {
      maxKeys: 4,
    }),
    fc.constantFrom(deeplyNested(300, 'array'), deeplyNested(300, 'object')),
  ),
})).value;

/** Ids the fixtures own, tried often so that generated requests reach past "not found". */
export interface Known {
  ids: number[];
  /** Strings the server knows, by property name (an account's email, a provider, a hostname). */
  strings: Record<string, string[]>;
}

/**
 * A value of the schema (most of the time), or, with `wrong`, anything at all in its place. Ids
 * come from `known` often.
 */
export function valueOf(doc: ApiDoc, schema: Schema | undefined, known: Known, name = ''): fc.Arbitrary<unknown> {
  // Half the values follow the schema all through (and reach the handler), half have wrong parts.
  return fc.oneof(build(doc, schema, known, 0, false, name), build(doc, schema, known, 0, true, name));
}

/** Strings a schema without a pattern takes that a handler must still judge (control and bidi characters). */
const nastyFitting = (min: number, max: number) => NASTY.filter((x) => x.length >= min && x.length <= max);

function build(
  doc: ApiDoc,
  schema: Schema | undefined,
  known: Known,
  depth: number,
  wrongs: boolean,
  name: string,
): fc.Arbitrary<unknown> {
  const s = resolve(doc, schema);
  const wrong = fc.oneof(anyJson, anyString, anyNumber);
  const pick = (valid: fc.Arbitrary<unknown>) =>
    wrongs ? fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: wrong }) : valid;
  const sub = (inner: Schema | undefined, as = name) => build(doc, inner, known, depth + 1, wrongs, as);
  if (depth > 6) return anyJson;
  if (s.const !== undefined) return pick(fc.constant(s.const));
  if (s.enum?.length) return pick(fc.constantFrom(...s.enum));
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => sub(a)));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -(2 ** 31));
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 2 ** 31);
      const ints = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) });
      const ids = known.ids.filter((i) => i >= min && i <= max);
      return pick(ids.length ? fc.oneof(ints, fc.constantFrom(...ids)) : ints);
    }
    case 'boolean':
      return pick(fc.boolean());
    case 'string': {
      const minLength = s.minLength ?? 0;
      const maxLength = Math.min(s.maxLength ?? 64, 200);
      let valid: fc.Arbitrary<string>;
      if (s.format === 'email') valid = fc.emailAddress();
      else if (s.pattern && !/\\p\{|\(\?[<!=]/.test(s.pattern))
        valid = fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length >= minLength && x.length <= maxLength);
      else if (/email/i.test(name))
        valid = fc.oneof(fc.emailAddress(), fc.constantFrom(...(known.strings.Email ?? ['a@b.c'])));
      else {
        // The longest the schema takes, in characters of one, two and four bytes (the database counts otherwise).
        const longest = s.maxLength && s.maxLength <= 100_000 ? s.maxLength : 0;
        const fitting = [
          ...nastyFitting(minLength, maxLength),
          ...(longest ? ['a'.repeat(longest), 'é'.repeat(longest), '😀'.repeat(Math.floor(longest / 2))] : []),
        ].filter((x) => x.length >= minLength);
        valid = fc.string({ unit: 'grapheme', minLength: Math.min(minLength, maxLength), maxLength });
        if (fitting.length)
          valid = fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...fitting) });
      }
      const hints = known.strings[name];
      if (hints?.length) valid = fc.oneof(valid, fc.constantFrom(...hints));
      return wrongs
        ? fc.oneof(
            { weight: 4, arbitrary: valid },
            { weight: 2, arbitrary: anyString },
            { weight: 1, arbitrary: wrong },
          )
        : valid;
    }
    case 'array': {
      const item = s.prefixItems?.[0] ?? (s.items === false ? undefined : s.items);
      const maxLength = Math.min(s.maxItems ?? 5, 6);
      return pick(fc.array(sub(item), { minLength: Math.min(s.minItems ?? 0, maxLength), maxLength }));
    }
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (!props.length) return pick(fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 }));
      const required = new Set(s.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of props) shape[k] = sub(v, k);
      const record = fc.record(shape, { requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)) });
      // Now and then an extra property, or one the schema requires left out.
      const extra = fc.tuple(record, anyString, anyJson).map(([r, k, v]) => ({ ...r, [k.slice(0, 40)]: v }));
      return wrongs
        ? fc.oneof({ weight: 6, arbitrary: record }, { weight: 1, arbitrary: extra }, { weight: 1, arbitrary: wrong })
        : record;
    }
    default:
      return anyJson;
  }
}

/** A request as the fuzz sends it, printed whole when it fails. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** The request, readable: method, URL, headers, and the body (its start, when huge). */
export function describeRequest(r: FuzzRequest): string {
  const body =
    r.body === undefined
      ? '(none)'
      : Buffer.isBuffer(r.body)
        ? `${r.body.length} bytes: ${JSON.stringify(r.body.subarray(0, 600).toString('latin1'))}`
        : `${r.body.length} chars: ${JSON.stringify(r.body.slice(0, 600))}${r.body.length > 600 ? '…' : ''}`;
  const url = r.url.length > 600 ? `${r.url.slice(0, 600)}… (${r.url.length} chars)` : r.url;
  return `${r.method} ${url}\nheaders: ${JSON.stringify(r.headers)}\nbody: ${body}`;
}

const MULTIPART = 'multipart/form-data';

/** A multipart body with these raw parts, closed or left open. */
function multipart(boundary: string, parts: string[], close = true): Buffer {
  return Buffer.from(
    parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + (close ? `--${boundary}--\r\n` : ''),
    'latin1',
  );
}

/** Bodies no client should send, for an operation that reads one: each with its content type. */
export function hostileBodies(ep: Endpoint): { contentType?: string; body: string | Buffer }[] {
  const b = 'fuzzb0undary';
  const file = (name: string, bytes: string, field = 'file') =>
    `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${bytes}`;
  const json = 'application/json';
  const out: { contentType?: string; body: string | Buffer }[] = [
    { contentType: json, body: '' },
    { contentType: json, body: '{' },
    { contentType: json, body: '{"Id":' },
    { contentType: json, body: '[1,]' },
    { contentType: json, body: "{'Id':1}" },
    { contentType: json, body: 'null' },
    { contentType: json, body: '"text"' },
    { contentType: json, body: '1e99999' },
    { contentType: json, body: '\uFEFF{}' },
    { contentType: json, body: '{"Id":1}\u0000' },
    { contentType: json, body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}' },
    { contentType: json, body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
    { contentType: json, body: `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}` },
    { contentType: json, body: `{"Id":1,"x":"${'a'.repeat(2_000_000)}"}` },
    { contentType: 'application/json; charset=utf-16', body: '{}' },
    { contentType: 'application/json; charset=latin1', body: '{"Id":"\u00e9"}' },
    { contentType: 'text/plain', body: '{"Id":1}' },
    { contentType: 'application/xml', body: '<Id>1</Id>' },
    { contentType: 'application/x-www-form-urlencoded', body: 'Id=1&Id=2&__proto__[x]=1' },
    { contentType: 'nonsense', body: '{}' },
    { contentType: ';;;', body: '{}' },
    { body: '{"Id":1}' },
    { contentType: MULTIPART, body: multipart(b, [file('a.txt', 'hello')]) },
    { contentType: `${MULTIPART}; boundary=${b}`, body: multipart(b, [file('a.txt', 'hello')], false) },
    { contentType: `${MULTIPART}; boundary=${b}`, body: multipart('other', [file('a.txt', 'hello')]) },
    { contentType: `${MULTIPART}; boundary=${b}`, body: multipart(b, ['no headers at all']) },
    { contentType: `${MULTIPART}; boundary=${b}`, body: multipart(b, [file('a.txt', 'hello', 'other')]) },
    {
      contentType: `${MULTIPART}; boundary=${b}`,
      body: multipart(b, [
        file('a.txt', 'one'),
        file('b.txt', 'two'),
        'Content-Disposition: form-data; name="x"\r\n\r\ny',
      ]),
    },
    {
      contentType: `${MULTIPART}; boundary=${b}`,
      body: multipart(b, [file('\u0000\u202E.png', '\u0000\u00ff\u00fe')]),
    },
    { contentType: `${MULTIPART}; boundary=${b}`, body: multipart(b, [file('../../x', '\u0089PNG\r\n\u001a\n')]) },
    { contentType: `${MULTIPART}; boundary=${b}`, body: multipart(b, [file('a'.repeat(5000), 'x')]) },
    {
      contentType: `${MULTIPART}; boundary=${b}`,
      body: Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n`),
    },
    { contentType: `${MULTIPART}; boundary=${'x'.repeat(200)}`, body: '--' },
  ];
  // An operation's own body, sent as another content type than it reads.
  if (ep.op.requestBody?.content[MULTIPART]) out.push({ contentType: json, body: '{"file":"aGVsbG8="}' });
  return out;
}

import type { Harness } from './harness.js';

// The app's own `/api/openapi.json`, walked: its operations, who may call each, and the fields that
// name an object by its id. The fuzz and access suites are generated from it, so a route added
// tomorrow is covered without anyone listing it.

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema | false;
  prefixItems?: Schema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface Parameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> };
  security?: Record<string, unknown>[];
  responses?: Record<string, unknown>;
}

export interface ApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who an operation admits, as the document says: a customer's session, an operator token, or anyone. */
export type Gate = 'session' | 'staff' | 'public';

export interface Endpoint {
  method: Method;
  /** The document's path, with `{Name}` for its parameters. */
  path: string;
  /** `METHOD path`, as failures and fixture maps name it. */
  key: string;
  op: Operation;
  gate: Gate;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export async function readDocument(h: Harness): Promise<ApiDoc> {
  const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  return res.json<ApiDoc>();
}

export function endpoints(doc: ApiDoc): Endpoint[] {
  const out: Endpoint[] = [];
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [m, op] of Object.entries(ops)) {
      if (!METHODS.has(m)) continue;
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      const gate: Gate = schemes.includes('staffToken') ? 'staff' : schemes.includes('session') ? 'session' : 'public';
      const method = m.toUpperCase() as Method;
      out.push({ method, path, key: `${method} ${path}`, op, gate });
    }
  return out;
}

/** A schema with its `$ref` followed into the document's components. */
export function resolve(doc: ApiDoc, s: Schema | undefined): Schema {
  let cur = s ?? {};
  for (let hops = 0; cur.$ref && hops < 20; hops++) {
    const name = cur.$ref.replace(/^#\/components\/schemas\//, '');
    cur = doc.components?.schemas?.[name] ?? {};
  }
  return cur;
}

/** The JSON body's schema, when the operation reads one. */
export const jsonBodyOf = (doc: ApiDoc, ep: Endpoint): Schema | undefined => {
  const s = ep.op.requestBody?.content['application/json']?.schema;
  return s && resolve(doc, s);
};

/** A parameter or body property that names an object by its id: `id`, `Id`, `InstanceId`, `AttachmentIds`… */
export const ID_NAME = /^(id|Id|ID)s?$|[a-z0-9](Id|ID)s?$/;

export interface IdField {
  /** Where the id goes: a query or path parameter, or a property of the JSON body. */
  in: 'query' | 'path' | 'body';
  /** The property path in the body (`['UserData', 'SSHKeyIds']`), or `[name]` for a parameter. */
  at: string[];
  /** A list of ids rather than one. */
  list: boolean;
}

/** Every field of an operation that takes an id, found by name in its parameters and JSON body. */
export function idFields(doc: ApiDoc, ep: Endpoint): IdField[] {
  const out: IdField[] = [];
  for (const p of ep.op.parameters ?? [])
    if ((p.in === 'query' || p.in === 'path') && ID_NAME.test(p.name))
      out.push({ in: p.in, at: [p.name], list: resolve(doc, p.schema).type === 'array' });
  const walk = (s: Schema | undefined, at: string[], depth: number) => {
    const r = resolve(doc, s);
    if (depth > 6) return;
    for (const alt of [...(r.anyOf ?? []), ...(r.oneOf ?? []), ...(r.allOf ?? [])]) walk(alt, at, depth + 1);
    for (const [name, prop] of Object.entries(r.properties ?? {})) {
      const p = resolve(doc, prop);
      if (ID_NAME.test(name)) out.push({ in: 'body', at: [...at, name], list: p.type === 'array' });
      else walk(p, [...at, name], depth + 1);
    }
  };
  walk(jsonBodyOf(doc, ep), [], 0);
  const seen = new Set<string>();
  return out.filter((f) => {
    const k = `${f.in}:${f.at.join('.')}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

export const fieldName = (f: IdField) => `${f.in}:${f.at.join('.')}`;

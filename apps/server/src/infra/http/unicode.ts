import type { Api } from '../lib/api.js';
import { AppError } from '../lib/errors.js';

/**
 * A UTF-16 surrogate not in a pair: what JSON's `"\ud800"` escape decodes to. It is no Unicode
 * character, so no UTF-8 text (PostgreSQL's text and JSON columns, a mail, a log line) can hold it.
 * With the `u` flag a well-formed pair is one code point and never matches.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

const isRecord = (v: object): v is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * Whether a parsed body, query or set of route parameters holds a lone surrogate, in a value or a
 * key, at any depth. Iterative: a body of deeply nested arrays must not overflow the stack. Only
 * what the parsers make is walked (plain objects, arrays, strings): a raw Buffer body (webhooks,
 * signed over their bytes) is not text to judge here.
 */
export function hasLoneSurrogate(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return true;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else if (v !== null && typeof v === 'object' && isRecord(v)) {
      for (const key of Object.keys(v)) {
        if (LONE_SURROGATE.test(key)) return true;
        stack.push(v[key]);
      }
    }
  }
  return false;
}

/**
 * Text that is not valid Unicode is refused at the edge, on every route, with 400
 * `parse_data_error`, before validation or any handler: otherwise it reaches PostgreSQL, which
 * refuses it as "invalid input syntax for type json" (a 500), or worse, a mail or a log.
 */
export function installUnicodeCheck(app: Api) {
  app.addHook('preValidation', (req, _reply, done) => {
    if (hasLoneSurrogate(req.query) || hasLoneSurrogate(req.params) || hasLoneSurrogate(req.body))
      done(new AppError('parse_data_error', 400));
    else done();
  });
}

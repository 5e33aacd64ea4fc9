import * as z from 'zod/mini';
import { CONTROL_CHARS, CONTROL_CHARS_BUT_LINES } from './control-chars.js';
import { localTextInput } from './local-text.js';
import { NOTICE_LIMITS } from './notices.js';
import { bodyId, queryId, queryInt } from './query.js';

// Request schemas of the notices API, the customer's and the staff's.

const page = () => z._default(queryInt(1, 1_000_000), 1);

/** What the notice lists may be narrowed to: the caller's unread ones, or those already read. */
export const NOTICE_READ_FILTERS = ['unread', 'read'] as const;
export type NoticeReadFilter = (typeof NOTICE_READ_FILTERS)[number];

/** GET api/notices: `limit` as the dashboard sends it, plus paging and the read filter of /notices. */
export const NoticesQuery = z.object({
  limit: z._default(queryInt(1, NOTICE_LIMITS.pageMax), 20),
  page: page(),
  status: z.optional(z.enum(NOTICE_READ_FILTERS, { error: 'invalid_value' })),
});
export type NoticesQuery = z.input<typeof NoticesQuery>;

/** GET api/notice?id=. */
export const NoticeIdQuery = z.object({ id: queryId() });

/** POST api/notice/read: the web sends it when the customer opens a notice. */
export const NoticeReadBody = z.object({ Id: bodyId() });
export type NoticeReadBody = z.infer<typeof NoticeReadBody>;

/** The staff list's filter: notices customers see, or those withdrawn. */
export const NOTICE_STATES = ['live', 'withdrawn'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

/** GET api/staff/notices. */
export const StaffNoticesQuery = z.object({
  limit: z._default(queryInt(1, NOTICE_LIMITS.pageMax), 20),
  page: page(),
  state: z.optional(z.enum(NOTICE_STATES, { error: 'invalid_value' })),
});
export type StaffNoticesQuery = z.input<typeof StaffNoticesQuery>;

/**
 * POST api/staff/notice/add (header Idempotency-Key), and `npm run admin -- notice:create`. Title
 * and content are written in English, Chinese or both (a plain string is the English version, or
 * `{"en_US": …, "zh_CN": …}`); a language with a title needs its content and the other way round.
 * The content is HTML; it is sanitised before it is stored, and content with no text left is
 * `required`. Customers read their language, else the other.
 */
export const StaffNoticeAddBody = z.object({
  Title: localTextInput(
    z.string({ error: 'required' }).check(
      z.trim(),
      z.minLength(1, { error: 'required' }),
      z.maxLength(NOTICE_LIMITS.titleMax, { error: 'incorrect_length' }),
      z.refine((s) => !CONTROL_CHARS.test(s), { error: 'invalid_value' }),
      z.describe(`Plain text of 1 to ${NOTICE_LIMITS.titleMax} characters.`),
    ),
    true,
  ),
  Content: localTextInput(
    z.string({ error: 'required' }).check(
      z.refine((s) => s.trim() !== '', { error: 'required' }),
      z.maxLength(NOTICE_LIMITS.contentMax, { error: 'incorrect_length' }),
      z.refine((s) => !CONTROL_CHARS_BUT_LINES.test(s), { error: 'invalid_value' }),
      z.describe(`HTML of at most ${NOTICE_LIMITS.contentMax} characters; sanitised before it is stored.`),
    ),
    true,
  ),
  Pinned: z._default(z.boolean({ error: 'invalid_value' }), false),
});
export type StaffNoticeAddBody = z.input<typeof StaffNoticeAddBody>;

/** POST api/staff/notice/withdraw: customers no longer see it; its readers' marks are kept. */
export const StaffNoticeWithdrawBody = z.object({ Id: bodyId() });
export type StaffNoticeWithdrawBody = z.infer<typeof StaffNoticeWithdrawBody>;

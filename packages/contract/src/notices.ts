import * as z from 'zod/mini';
import { LocalTextVersions } from './local-text.js';

// The answers of the notices API (docs/product/notices.md): the provider's announcements, read per customer.

const int = () => z.number().check(z.int());
const date = () => z.string().check(z.describe('ISO 8601 date-time (UTC).'));

/** Limits the server enforces on notices and their lists. */
export const NOTICE_LIMITS = {
  titleMax: 200,
  /** Characters of HTML as written, before sanitising. */
  contentMax: 100_000,
  /** Characters of the plain-text excerpt the lists show. */
  summaryMax: 200,
  pageMax: 100,
} as const;

/** One row of GET api/notices. */
export const NoticeSummary = z
  .object({
    Id: int(),
    Title: z.string().check(z.describe('Plain text.')),
    Summary: z.string().check(z.describe('A plain-text excerpt of the content, for lists.')),
    PublishedAt: date(),
    Read: z.boolean().check(z.describe('Whether the caller has opened it (POST api/notice/read).')),
    Pinned: z.boolean().check(z.describe('Pinned notices head the list.')),
  })
  .register(z.globalRegistry, { id: 'NoticeSummary' });
export type NoticeSummary = z.infer<typeof NoticeSummary>;

/** `data` of GET api/notices: one page of the published notices, pinned first, then newest first. */
export const NoticeList = z
  .object({
    Total: int().check(z.describe('Notices matching the filter, on every page.')),
    Unread: int().check(z.describe('Published notices the caller has not read, whatever the filter.')),
    Items: z.array(NoticeSummary),
  })
  .register(z.globalRegistry, { id: 'NoticeList' });
export type NoticeList = z.infer<typeof NoticeList>;

/** `data` of GET api/notice?id=: the notice with its content. */
export const Notice = z
  .object({
    ...NoticeSummary.shape,
    Content: z
      .string()
      .check(z.describe('Sanitised HTML: text tags, headings, lists, tables and links; no scripts or styles.')),
  })
  .register(z.globalRegistry, { id: 'Notice' });
export type Notice = z.infer<typeof Notice>;

/** `data` of POST api/notice/read and api/notice/readAll: what is left unread. */
export const NoticeReadResult = z
  .object({ Unread: int().check(z.describe('Published notices the caller has still not read.')) })
  .register(z.globalRegistry, { id: 'NoticeReadResult' });
export type NoticeReadResult = z.infer<typeof NoticeReadResult>;

/** A notice as the provider's staff see it (GET api/staff/notices and the staff mutations). */
export const StaffNotice = z
  .object({
    Id: int(),
    Title: z.string(),
    Summary: z.string(),
    Content: z.string().check(z.describe('Sanitised HTML, as customers get it.')),
    Pinned: z.boolean(),
    PublishedAt: date(),
    WithdrawnAt: z.nullable(date()).check(z.describe('Set once withdrawn: customers no longer see it.')),
    Author: z.string().check(z.describe('"admin CLI", or the name of the operator token that published it.')),
    Reads: int().check(z.describe('Customers who have opened it.')),
    Texts: z
      .object({ Title: LocalTextVersions, Content: LocalTextVersions })
      .check(
        z.describe(
          'Every version as written (content sanitised); Title, Summary and Content above read English, else Chinese.',
        ),
      ),
  })
  .register(z.globalRegistry, { id: 'StaffNotice' });
export type StaffNotice = z.infer<typeof StaffNotice>;

/** `data` of GET api/staff/notices: one page of every notice, newest first. */
export const StaffNoticeList = z
  .object({ Total: int(), Items: z.array(StaffNotice) })
  .register(z.globalRegistry, { id: 'StaffNoticeList' });
export type StaffNoticeList = z.infer<typeof StaffNoticeList>;

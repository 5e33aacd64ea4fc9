import { readFile } from 'node:fs/promises';
import { NOTICE_LIMITS, NOTICE_STATES, type NoticeState } from '@nimbus/contract';
import { AppError } from '../../infra/lib/errors.js';
import { listAllNotices, publishNotice, withdrawNotice } from '../../domains/notices/publishing.js';
import { localFlag } from '../args.js';
import type { Command } from './types.js';

// The service's field errors, as the operator typed them (`Title.zh_CN` is --title-zh's).
const FIELD_TEXT: Record<string, Record<string, string>> = {
  Title: {
    required: '--title%s is required (with its content)',
    incorrect_length: `--title%s must be at most ${NOTICE_LIMITS.titleMax} characters`,
    invalid_value: '--title%s must be one line of text',
  },
  Content: {
    required: 'the content%s is missing, empty, or has no text left once sanitised',
    incorrect_length: `the content%s must be at most ${NOTICE_LIMITS.contentMax} characters`,
  },
};

function explained(e: unknown): unknown {
  if (!(e instanceof AppError) || !e.fields) return e;
  return new Error(
    Object.entries(e.fields)
      .map(([path, key]) => {
        const [field = '', locale] = path.split('.');
        const text = FIELD_TEXT[field]?.[key];
        const suffix = locale === 'zh_CN' ? (field === 'Title' ? '-zh' : ' (zh)') : '';
        return text ? text.replace('%s', suffix) : `${path}: ${key}`;
      })
      .join('; '),
  );
}

/** One language's content: `--content[-zh] HTML` or `--file[-zh] PATH`. */
async function contentOf(f: Record<string, string>, suffix: '' | '-zh'): Promise<string | undefined> {
  const [content, file] = [f[`content${suffix}`], f[`file${suffix}`]];
  if (content !== undefined && file !== undefined)
    throw new Error(`give --content${suffix} or --file${suffix}, not both`);
  return file !== undefined ? readFile(file, 'utf8') : content;
}

/** Title and content in English, Chinese or both, as the staff API takes them. */
async function texts(f: Record<string, string>) {
  const [en, zh] = [await contentOf(f, ''), await contentOf(f, '-zh')];
  if (en === undefined && zh === undefined) throw new Error('--content, --file, --content-zh or --file-zh is required');
  const Content = { ...(en === undefined ? {} : { en_US: en }), ...(zh === undefined ? {} : { zh_CN: zh }) };
  return { Title: localFlag(f, 'title') ?? '', Content };
}

function idOf(args: string[]): number {
  const id = Number(args[0]);
  if (!Number.isSafeInteger(id) || id < 1) throw new Error('give the notice id (see notice:list)');
  return id;
}

export const noticeCommands: Record<string, Command> = {
  'notice:create': {
    usage:
      '--title T (--content HTML | --file PATH) [--title-zh T (--content-zh HTML | --file-zh PATH)] [--pinned]\n' +
      '      (either language alone, or both; HTML is sanitised; customers see it at once)',
    switches: ['pinned'],
    async run({ db, flags: f }) {
      const body = { ...(await texts(f)), Pinned: f.pinned === 'true' };
      const n = await publishNotice(db, body, 'cli').catch((e: unknown) => Promise.reject(explained(e)));
      return `published notice ${n.Id} "${n.Title}"${n.Pinned ? ' (pinned)' : ''}`;
    },
  },
  'notice:list': {
    usage: `[--state ${NOTICE_STATES.join('|')}] [--limit N]`,
    async run({ db, flags: f }) {
      if (f.state !== undefined && !(NOTICE_STATES as readonly string[]).includes(f.state)) {
        throw new Error(`--state must be ${NOTICE_STATES.join(' or ')}`);
      }
      const limit = f.limit === undefined ? NOTICE_LIMITS.pageMax : Number(f.limit);
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > NOTICE_LIMITS.pageMax) {
        throw new Error(`--limit must be a whole number from 1 to ${NOTICE_LIMITS.pageMax}`);
      }
      const list = await listAllNotices(db, { limit, page: 1, state: f.state as NoticeState | undefined });
      const lines = list.Items.map((n) =>
        [
          n.Id,
          n.WithdrawnAt ? `withdrawn ${n.WithdrawnAt}` : 'live',
          n.Pinned ? 'pinned' : '-',
          n.PublishedAt,
          n.Reads,
          n.Author,
          n.Title,
        ].join('\t'),
      );
      const more = list.Total > list.Items.length ? [`(${list.Total - list.Items.length} older not shown)`] : [];
      return ['id\tstate\tpinned\tpublished\treads\tauthor\ttitle', ...lines, ...more].join('\n');
    },
  },
  'notice:withdraw': {
    usage: 'ID   (customers no longer see it)',
    async run({ db, args }) {
      const id = idOf(args);
      try {
        await withdrawNotice(db, id);
      } catch (e) {
        if (e instanceof AppError && e.code === 'db_no_record') throw new Error(`no notice ${id}`);
        if (e instanceof AppError && e.code === 'wrong_status') throw new Error(`notice ${id} is already withdrawn`);
        throw e;
      }
      return `withdrew notice ${id}`;
    },
  },
};

import { readFile } from 'node:fs/promises';
import {
  EmailField,
  TICKET_LIMITS,
  TICKET_STATUSES,
  TICKET_TYPE_LIMITS,
  TicketTypeAddBody,
  ticketContentError,
  type StaffTicketType,
  type TicketStatus,
} from '@nimbus/contract';
import * as z from 'zod/mini';
import { createLogger } from '../../infra/lib/logger.js';
import { AppError } from '../../infra/lib/errors.js';
import { createMailer } from '../../infra/mail/mailer.js';
import {
  createTicketType,
  staffAssign,
  staffClose,
  staffGetTicket,
  staffListTickets,
  staffReply,
  staffTicketMessages,
  staffTicketTypes,
} from '../../domains/tickets/staff.js';
import { localFlag, need, oneLine, textBlock } from '../args.js';
import type { Command, CommandEnv } from './types.js';

// The provider's help desk in a terminal: the same operations as the staff HTTP API.

function ticketId(args: string[]): number {
  const id = Number(args[0]);
  if (!Number.isSafeInteger(id) || id < 1) throw new Error('give the ticket id (see ticket:list)');
  return id;
}

const CONTENT_ERRORS: Record<string, string> = {
  ticket_content_empty: 'the reply is empty',
  ticket_content_too_large: `the reply is longer than ${TICKET_LIMITS.contentMax} characters`,
};

/** Runs a ticket operation, saying in words what an API caller gets as a code. */
async function operate<T>(id: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError && e.code === 'db_no_record') throw new Error(`no ticket ${id}`);
    throw e;
  }
}

/** What is wrong with a ticket type's texts, named by the flag the operator typed. */
function typeTextProblem(path: PropertyKey[]): string {
  const [field, locale] = path.map(String);
  const flag = `--${field === 'Description' ? 'description' : 'name'}${locale === 'zh_CN' ? '-zh' : ''}`;
  if (field === 'Description') return `${flag} must be at most ${TICKET_TYPE_LIMITS.descriptionMax} characters`;
  return locale ? `${flag} must be 1 to ${TICKET_TYPE_LIMITS.nameMax} characters` : '--name or --name-zh is required';
}

const name = (text: string, flag: string) => {
  const v = text.trim();
  if (!v || v.length > 100) throw new Error(`--${flag} must be 1 to 100 characters`);
  return v;
};

async function replyContent({ flags: f }: CommandEnv): Promise<string> {
  if ((f.content === undefined) === (f.file === undefined))
    throw new Error('give either --content TEXT or --file PATH');
  const content = f.content ?? (await readFile(f.file!, 'utf8'));
  const problem = ticketContentError(content);
  if (problem) throw new Error(CONTENT_ERRORS[problem]);
  return content;
}

export const ticketCommands: Record<string, Command> = {
  'ticket:list': {
    usage: '[--status open|in_progress|answered|closed] [--user EMAIL]     (most recently updated 100)',
    async run({ db, flags: f }) {
      if (f.status !== undefined && !(TICKET_STATUSES as readonly string[]).includes(f.status)) {
        throw new Error(`--status must be one of ${TICKET_STATUSES.join(', ')}`);
      }
      const email = f.user === undefined ? undefined : EmailField.parse(f.user);
      const list = await staffListTickets(db, {
        limit: 100,
        page: 1,
        status: f.status as TicketStatus | undefined,
        email,
      });
      const lines = list.Items.map((t) =>
        [t.Id, t.Email, t.Status, t.TypeName, t.UpdatedAt, t.Assignee ?? '-', t.Title]
          .map((c) => oneLine(String(c)))
          .join('\t'),
      );
      return ['id\temail\tstatus\ttype\tupdated\tassignee\ttitle', ...lines, `${list.Total} ticket(s)`].join('\n');
    },
  },
  'ticket:show': {
    usage: 'ID     (the ticket with its messages and attachment names)',
    async run({ db, args }) {
      const id = ticketId(args);
      const t = await operate(id, () => staffGetTicket(db, id));
      const conversation = await staffTicketMessages(db, id, TICKET_LIMITS.messages);
      return [
        `ticket #${t.Id} "${oneLine(t.Title)}" ${t.Status} (${oneLine(t.TypeName)})`,
        `customer: ${t.Email} (user ${t.UserId})`,
        ...(t.InstanceId ? [`instance: ${t.Hostname} (#${t.InstanceId})`] : []),
        ...(t.Assignee ? [`assigned to: ${oneLine(t.Assignee)}`] : []),
        `opened ${t.CreatedAt}, updated ${t.UpdatedAt}`,
        ...conversation.flatMap((m) => [
          '',
          `--- ${m.Author} ${oneLine(m.AuthorName)}, ${m.CreatedAt}`,
          textBlock(m.Content),
          ...m.Attachments.map((a) => `[attachment #${a.Id}: ${oneLine(a.Name)}, ${a.ContentType}, ${a.Size} bytes]`),
        ]),
      ].join('\n');
    },
  },
  'ticket:reply': {
    usage:
      'ID --as NAME (--content TEXT | --file PATH)     (a staff answer: the ticket is answered, the customer mailed)',
    async run(env) {
      const id = ticketId(env.args);
      const authorName = name(need(env.flags, 'as'), 'as');
      const content = await replyContent(env);
      const log = createLogger('warn');
      const mailer = createMailer({
        smtpUrl: env.config.SMTP_URL,
        from: env.config.MAIL_FROM,
        db: env.db,
        log,
        logMail: env.config.DEMO_ACCOUNT,
      });
      try {
        const { mailed } = await operate(id, () =>
          staffReply({ db: env.db, config: env.config, mailer, log }, { id, content, authorName, tokenId: null }),
        );
        const t = await staffGetTicket(env.db, id);
        return `replied to ticket #${id} as ${authorName}; it is ${t.Status}; ${
          mailed ? `mailed ${t.Email}` : `the mail to ${t.Email} could not be sent (see the log)`
        }`;
      } finally {
        mailer.close();
      }
    },
  },
  'ticket:assign': {
    usage: 'ID --to NAME     (the ticket is in_progress, taken by NAME)',
    async run({ db, args, flags: f }) {
      const id = ticketId(args);
      const t = await operate(id, () => staffAssign(db, id, name(need(f, 'to'), 'to')));
      return `ticket #${id} assigned to ${t.Assignee}; it is ${t.Status}`;
    },
  },
  'ticket:close': {
    usage: 'ID',
    async run({ db, args }) {
      const id = ticketId(args);
      await operate(id, () => staffClose(db, id));
      return `ticket #${id} closed`;
    },
  },
  'ticket-type:create': {
    usage: '(--name N | --name-zh N) [--name-zh N] [--description D] [--description-zh D]   (English, Chinese or both)',
    async run({ db, flags: f }) {
      const body = { Name: localFlag(f, 'name') ?? '', Description: localFlag(f, 'description') };
      const parsed = z.safeParse(TicketTypeAddBody, body);
      if (!parsed.success) throw new Error(typeTextProblem(parsed.error.issues[0]?.path ?? []));
      try {
        const t = await createTicketType(db, parsed.data.Name, parsed.data.Description);
        return `created ticket type ${t.Id} "${t.Name}"`;
      } catch (e) {
        if (e instanceof AppError && e.fields?.Name === 'name_taken')
          throw new Error(
            `a ticket type ${[f.name, f['name-zh']]
              .filter(Boolean)
              .map((n) => `"${String(n).trim()}"`)
              .join(' or ')} exists`,
          );
        throw e;
      }
    },
  },
  'ticket-type:list': {
    usage: '',
    async run({ db }) {
      const types = await staffTicketTypes(db, 1000);
      const row = ({ Id, Texts: { Name: n, Description: d } }: StaffTicketType) => [
        String(Id),
        n.en_US,
        d.en_US,
        n.zh_CN,
        d.zh_CN,
      ];
      const head = 'id\tname\tdescription\tname (zh)\tdescription (zh)';
      return [head, ...types.map((t) => row(t).map(oneLine).join('\t'))].join('\n');
    },
  },
};

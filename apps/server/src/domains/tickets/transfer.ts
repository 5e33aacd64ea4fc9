import multipart from '@fastify/multipart';
import { ATTACHMENT_TYPES, TICKET_LIMITS, TicketAttachment } from '@nimbus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentedOnly, replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError, badRequest } from '../../infra/lib/errors.js';
import type { Uploader } from './attachments-repository.js';
import { openAttachment, uploadAttachment } from './attachments.js';
import { contentDisposition, downloadName } from './detect.js';

// Moving attachment bytes over HTTP, for the customer and the staff routes alike.

const MiB = TICKET_LIMITS.attachmentMaxBytes / 1024 / 1024;

/** Multipart bodies for the upload route of this plugin only (the rest of the API stays JSON). */
export async function installMultipart(app: Api) {
  await app.register(multipart, {
    limits: { fileSize: TICKET_LIMITS.attachmentMaxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });
}

/** Multipart limit errors, as the field errors of the upload's `file`. */
const LIMIT_ERRORS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: 'attachment_too_large',
  FST_FILES_LIMIT: 'too_many_attachments',
  FST_PARTS_LIMIT: 'invalid_value',
  FST_FIELDS_LIMIT: 'invalid_value',
};

/**
 * Reads the one file of a multipart body (field `file`): a second file is `too_many_attachments`
 * (one upload per file), one over the size limit `attachment_too_large`, other fields are ignored.
 */
async function readFile(req: FastifyRequest): Promise<{ bytes: Buffer; filename: string | undefined }> {
  if (!req.isMultipart()) throw badRequest({ file: 'required' });
  let found: { bytes: Buffer; filename: string | undefined } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (found || part.fieldname !== 'file') throw badRequest({ file: found ? 'too_many_attachments' : 'required' });
      found = { bytes: await part.toBuffer(), filename: part.filename };
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const field = LIMIT_ERRORS[(e as { code?: string }).code ?? ''];
    if (field) throw badRequest({ file: field });
    // Nothing but the request's bytes is read here: whatever else the parser throws (no boundary,
    // a part or its headers cut off, a boundary other than the declared one) is a broken body.
    req.log.info({ err: e }, 'a multipart body could not be read');
    throw new AppError('parse_data_error', 400);
  }
  if (!found) throw badRequest({ file: 'required' });
  return found;
}

/** The upload route's schema: documented as multipart; the body is read by the handler, not validated. */
export const uploadSchema = (summary: string, description: string) => ({
  schema: {
    summary,
    description: `${description} One file in the multipart field \`file\`, at most ${MiB} MiB (else \`fields.file\` = \`attachment_too_large\`). Its type is judged by its bytes, never by its name: ${ATTACHMENT_TYPES.join(', ')} (text: UTF-8 without control characters, and not HTML or XML); anything else is \`attachment_type\`. The name is kept for display only. A customer's attachments together stay within the operator's quota (else 409 \`quota_exceeded\` with \`fields.file\` = \`attachment_quota\`); while the server's disk is short of space, uploads are 507 \`storage_full\`.`,
    consumes: ['multipart/form-data'],
    body: z.object({ file: z.string().meta({ format: 'binary', description: 'The file.' }) }),
    response: replies(TicketAttachment),
  },
  // Multipart bodies are read by the handler (readFile), which applies the limits above.
  validatorCompiler: documentedOnly,
});

export async function receiveUpload(ctx: Context, req: FastifyRequest, uploader: Uploader) {
  return { data: await uploadAttachment(ctx, uploader, await readFile(req)) };
}

/** The download route's schema: bytes of the detected type, or the JSON error envelope. */
export const downloadSchema = <Q extends z.core.$ZodType>(summary: string, description: string, querystring: Q) => ({
  summary,
  description: `${description} Always a download (\`Content-Disposition: attachment\`) of the type judged at upload, with \`X-Content-Type-Options: nosniff\` and \`Content-Security-Policy: sandbox\`: never shown inline as a page.`,
  querystring,
  response: {
    200: {
      description: 'The file.',
      content: Object.fromEntries(ATTACHMENT_TYPES.map((t) => [t, { schema: z.string().meta({ format: 'binary' }) }])),
    },
    '4xx': replies(z.null())['4xx'],
    '5xx': replies(z.null())['5xx'],
  },
});

/** Streams an attachment the reader may see as a download that no browser renders. */
export async function sendAttachment(ctx: Context, reply: FastifyReply, reader: Uploader, id: number) {
  const { row, body } = await openAttachment(ctx, reader, id);
  return reply
    .header('content-type', row.content_type === 'text/plain' ? 'text/plain; charset=utf-8' : row.content_type)
    .header('content-length', String(row.size))
    .header('content-disposition', contentDisposition(downloadName(row.name, row.content_type)))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'private, no-store')
    .send(body);
}

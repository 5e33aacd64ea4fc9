import { FIELD_ERRORS, TICKET_LIMITS, type TicketAttachment } from '@nimbus/contract';
import { isApiError } from '../../lib/api-error';
import type { ErrorKey } from '../../lib/form/field-messages';

// The attachments of a message being written: the client's checks of count and size (the server
// judges the type by the bytes), and what a failed upload says.

export type UploadState = 'uploading' | 'done' | 'failed';

/** One chosen file: uploading (with its progress), uploaded (with its attachment) or failed. */
export interface Upload {
  key: string;
  name: string;
  size: number;
  /** 0 to 1. */
  progress: number;
  state: UploadState;
  /** Why it failed: a message of the errors namespace. */
  error?: ErrorKey;
  attachment?: TicketAttachment;
}

interface Chosen {
  name: string;
  size: number;
}

/**
 * Splits newly chosen files against the ones already there: a file over the size limit is listed
 * as failed (it is never sent), the others take the free places of TICKET_LIMITS
 * .attachmentsPerMessage (failed files hold none), and `refused` counts those left without one.
 */
export function admitFiles<F extends Chosen>(
  current: readonly Pick<Upload, 'state'>[],
  files: readonly F[],
): { admitted: { file: F; error?: ErrorKey }[]; refused: number } {
  let room = TICKET_LIMITS.attachmentsPerMessage - current.filter((u) => u.state !== 'failed').length;
  const admitted: { file: F; error?: ErrorKey }[] = [];
  let refused = 0;
  for (const file of files) {
    if (file.size > TICKET_LIMITS.attachmentMaxBytes) admitted.push({ file, error: 'field.attachment_too_large' });
    else if (room > 0) {
      admitted.push({ file });
      room--;
    } else refused++;
  }
  return { admitted, refused };
}

/** What a failed upload says: the server's field message (size, type, count) or its error code. */
export function uploadErrorKey(error: unknown): ErrorKey {
  if (!isApiError(error)) return 'code.unknown_error';
  const field = error.fields.file;
  if (field && (FIELD_ERRORS as readonly string[]).includes(field)) return `field.${field}` as ErrorKey;
  return `code.${error.code}` as ErrorKey;
}

/** A file size for people: kB below a MB (at least 0.1), else MB, 1024-based as file managers count. */
export function formatBytes(bytes: number, locale: string): string {
  const mb = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(mb ? bytes / 1024 / 1024 : Math.max(bytes / 1024, 0.1));
}

import { TICKET_LIMITS } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { admitFiles, formatBytes, uploadErrorKey } from './attachments';
import { validateNewTicket, validateReply } from './form';
import { parseTicketsSearch } from './search';

const MAX = TICKET_LIMITS.attachmentMaxBytes;
const file = (name: string, size = 100) => ({ name, size });
const held = (n: number, state: 'uploading' | 'done' | 'failed' = 'done') =>
  Array.from({ length: n }, () => ({ state }));

describe('the /tickets search', () => {
  it('keeps a valid status, page and new-ticket form with its type', () => {
    expect(parseTicketsSearch({ status: 'in_progress', page: 3, new: 1, type_id: 2 })).toEqual({
      status: 'in_progress',
      page: 3,
      new: 1,
      type_id: 2,
    });
    expect(parseTicketsSearch({ new: '1', type_id: '7' })).toMatchObject({ new: 1, type_id: 7 });
  });

  it('drops what a hand-edited URL gets wrong, so the list still opens', () => {
    expect(parseTicketsSearch({ status: 'pending', page: 0, new: 'yes', type_id: 2 })).toEqual({
      status: undefined,
      page: undefined,
      new: undefined,
      type_id: undefined,
    });
    expect(parseTicketsSearch({ page: 1.5 }).page).toBeUndefined();
    expect(parseTicketsSearch({ page: 1 }).page).toBeUndefined();
    expect(parseTicketsSearch({ new: 1, type_id: -4 }).type_id).toBeUndefined();
    expect(parseTicketsSearch({ new: 1, type_id: 'abc' }).type_id).toBeUndefined();
  });
});

describe('choosing attachments', () => {
  it('admits up to five files a message', () => {
    const { admitted, refused } = admitFiles(
      [],
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => file(n)),
    );
    expect(admitted.map((a) => a.file.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(admitted.every((a) => a.error === undefined)).toBe(true);
    expect(refused).toBe(2);
  });

  it('counts the files already chosen, except failed ones', () => {
    expect(admitFiles(held(4), [file('a'), file('b')]).refused).toBe(1);
    expect(admitFiles(held(5, 'uploading'), [file('a')]).refused).toBe(1);
    expect(admitFiles(held(5, 'failed'), [file('a')]).refused).toBe(0);
  });

  it('lists a file over the size limit as failed, without taking a place', () => {
    const { admitted, refused } = admitFiles(held(4), [file('big.png', MAX + 1), file('ok.png', MAX)]);
    expect(admitted).toEqual([
      { file: file('big.png', MAX + 1), error: 'field.attachment_too_large' },
      { file: file('ok.png', MAX) },
    ]);
    expect(refused).toBe(0);
  });

  it('says why an upload failed: the server field message, else the error code', () => {
    expect(uploadErrorKey(new ApiError(400, 'parse_data_error', 'x', { file: 'attachment_type' }))).toBe(
      'field.attachment_type',
    );
    expect(uploadErrorKey(new ApiError(400, 'parse_data_error', 'x', { file: 'something_new' }))).toBe(
      'code.parse_data_error',
    );
    expect(uploadErrorKey(new ApiError(0, 'network_error', 'offline'))).toBe('code.network_error');
    expect(uploadErrorKey(new Error('boom'))).toBe('code.unknown_error');
  });

  it('says an upload over the attachment quota or onto a full disk was refused, not that it failed', () => {
    expect(uploadErrorKey(new ApiError(409, 'quota_exceeded', 'x', { file: 'attachment_quota' }))).toBe(
      'field.attachment_quota',
    );
    expect(uploadErrorKey(new ApiError(507, 'storage_full', 'x'))).toBe('code.storage_full');
  });

  it('shows sizes in kB and MB in the customer language', () => {
    expect(formatBytes(68, 'en-US')).toBe('0.1 kB');
    expect(formatBytes(512, 'en-US')).toBe('0.5 kB');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB');
    expect(formatBytes(MAX, 'en-US')).toBe('5 MB');
    expect(formatBytes(MAX, 'zh-CN')).toMatch(/^5\s?MB$/);
  });
});

describe('the ticket forms', () => {
  const valid = { TypeId: '1', InstanceId: '', Title: 'Server down', Content: 'It stopped.\nPlease help.' };

  it('accepts a ticket with a type, a subject and a message', () => {
    expect(validateNewTicket(valid)).toEqual({});
  });

  it('names the message errors and the missing fields', () => {
    expect(validateNewTicket({ ...valid, TypeId: '', Title: '  ', Content: ' \n ' })).toEqual({
      TypeId: 'required',
      Title: 'required',
      Content: 'ticket_content_empty',
    });
    expect(validateNewTicket({ ...valid, Content: 'x'.repeat(TICKET_LIMITS.contentMax + 1) })).toEqual({
      Content: 'ticket_content_too_large',
    });
    expect(validateNewTicket({ ...valid, Title: 'x'.repeat(TICKET_LIMITS.titleMax + 1) })).toEqual({
      Title: 'incorrect_length',
    });
  });

  it('checks a reply the same way', () => {
    expect(validateReply({ Content: 'Thanks' })).toEqual({});
    expect(validateReply({ Content: '' })).toEqual({ Content: 'ticket_content_empty' });
    expect(validateReply({ Content: 'x'.repeat(TICKET_LIMITS.contentMax) })).toEqual({});
  });
});

import * as z from 'zod/mini';
import { SSH_KEY } from './constants.js';
import { parsePublicKey, PUBLIC_KEY_PATTERN } from './public-key.js';

// Field messages are keys of FIELD_ERRORS (docs/product/accounts.md#ssh-keys): a missing field is
// "required", one of the wrong type "invalid_value".
const typeError = (issue: { input: unknown }) => (issue.input === undefined ? 'required' : 'invalid_value');

const name = z
  .string({ error: typeError })
  .check(
    z.trim(),
    z.minLength(1, { error: 'required' }),
    z.maxLength(SSH_KEY.nameMax, { error: 'incorrect_length' }),
    z.describe(`A label of 1 to ${SSH_KEY.nameMax} characters.`),
  );

const publicKey = z.string({ error: typeError }).check(
  z.trim(),
  z.minLength(1, { error: 'required' }),
  z.maxLength(SSH_KEY.publicKeyMax, { error: 'invalid_public_key' }),
  z.regex(PUBLIC_KEY_PATTERN, { error: 'invalid_public_key' }),
  z.refine((text) => parsePublicKey(text) !== null, { error: 'invalid_public_key' }),
  z.describe(
    `One OpenSSH public key line of at most ${SSH_KEY.publicKeyMax} characters: type, base64 key, optional comment.`,
  ),
);

const id = z.int({ error: typeError }).check(z.positive({ error: 'invalid_value' }));

export const SshKeyNameField = name;
export const SshPublicKeyField = publicKey;

/** Body of POST api/key/add. */
export const SshKeyAddBody = z.object({ Name: name, PublicKey: publicKey });
export type SshKeyAddBody = z.infer<typeof SshKeyAddBody>;

/** Body of POST api/key/set. */
export const SshKeySetBody = z.object({ Id: id, Name: name, PublicKey: publicKey });
export type SshKeySetBody = z.infer<typeof SshKeySetBody>;

/** Body of POST api/key/del: lower-case `id`, as the API has always named it. */
export const SshKeyDelBody = z.object({ id });
export type SshKeyDelBody = z.infer<typeof SshKeyDelBody>;

/** A stored SSH public key, as GET api/keys lists it. */
export const SshKey = z
  .object({
    Id: z.int(),
    Name: z.string(),
    PublicKey: z.string(),
    Fingerprint: z.string().check(z.describe('OpenSSH SHA-256 fingerprint of the key, e.g. "SHA256:uNiVz…".')),
    CreatedAt: z.iso.datetime(),
  })
  .register(z.globalRegistry, { id: 'SshKey' });
export type SshKey = z.infer<typeof SshKey>;

/** `data` of GET api/keys: the caller's keys, newest first. */
export const SshKeyList = z.array(SshKey);

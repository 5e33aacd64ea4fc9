import { SSH_KEY, SshKey, SshKeyAddBody, SshKeyDelBody, SshKeyList, SshKeySetBody } from '@nimbus/contract';
import { z } from 'zod';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { authOf } from '../../infra/http/session.js';
import * as keys from './service.js';

const NOT_FOUND = 'A key that is not the caller’s is 404 `db_no_record`, like one that never existed.';
const DUPLICATE = 'The same key twice (whatever its comment) is 400 with `fields.PublicKey` = `duplicate_key`.';

/** The signed-in customer's SSH public keys (docs/product/accounts.md#ssh-keys). */
export async function keyRoutes(app: Api, ctx: Context) {
  app.get(
    '/keys',
    {
      schema: {
        summary: 'List SSH keys',
        description: 'The caller’s SSH public keys, newest first.',
        response: replies(SshKeyList),
      },
    },
    async (req) => ({ data: await keys.listKeys(ctx, authOf(req).userId) }),
  );
  app.post(
    '/key/add',
    {
      schema: {
        summary: 'Add an SSH key',
        description: `${DUPLICATE} A customer keeps at most ${SSH_KEY.maxPerUser} keys; one more is 409 \`invalid_option\`.`,
        body: SshKeyAddBody,
        response: replies(SshKey),
      },
    },
    async (req) => ({ data: await keys.addKey(ctx, authOf(req).userId, req.body) }),
  );
  app.post(
    '/key/set',
    {
      schema: {
        summary: 'Rename or replace an SSH key',
        description: `${NOT_FOUND} ${DUPLICATE}`,
        body: SshKeySetBody,
        response: replies(SshKey),
      },
    },
    async (req) => ({ data: await keys.setKey(ctx, authOf(req).userId, req.body) }),
  );
  app.post(
    '/key/del',
    {
      schema: {
        summary: 'Delete an SSH key',
        description: NOT_FOUND,
        body: SshKeyDelBody,
        response: replies(z.null()),
      },
    },
    async (req) => {
      await keys.deleteKey(ctx, authOf(req).userId, req.body.id);
      return { data: null };
    },
  );
}

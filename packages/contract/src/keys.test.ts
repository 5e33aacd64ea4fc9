import { describe, expect, it } from 'vitest';
import { parsePublicKey, SSH_KEY, SshKeyAddBody, SshKeyDelBody, SshKeySetBody } from './index.js';

// Made with ssh-keygen (OpenSSH 9.2) for these tests; the private halves were thrown away.
const KEYS = {
  'ssh-ed25519': 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMbNXC8HwcT6w/OrcDmd3J/UZqcyRIg+qarTNFHnJLu5 ada@laptop',
  'ssh-rsa':
    'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC3olOa4SUGjUG5DwDcBGP/JXdJdeUZ1ahxKsGBrpWyIS2ks6m2iISdspLeV4M/VVbn0UEzSjKrJ2wkzWnuu2ZSS1npAqkseEE0qGJXUua9TxN7dyC0ozZWoLImr07ZyneUrtmUURftvW9vbckiscp99qw/un44NmGEd4L9bzh0lXSu7rDe6M/npik9Ft9gFsdXSJ5kFgIU37ITWZ7H7jgy7oSlaKGmIs2JApp063CDMZM4frVt6ipS7VsSfGQfStO+W4FcAAgxL6ezhwsixhnvAUMs7EXjcaCvsvBrsHbeNASd2HZmU+qjMuNT6zJIsNHMgGK6ePFHFY6AfPNTVbRN rsa key',
  'ecdsa-sha2-nistp256':
    'ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBA4tjhKqm7qD8Gco0gyBr4zWY56a3wZLIzdifptjssvbFBkoFXZStcbLck2MgiV5JG/zUG0d+xCcQh/zQ87PaPI= ec256',
  'ecdsa-sha2-nistp384':
    'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBG7GcTPJSjOQXCUg0OxT0un2WzIo7mXzREHJZRlYQgnYOR0F5HXAONHkixcT0YH82yp9f+JjimOnsVNxngjeiNiv9wvkkh7FHo0iS27DqcpMj1FPMITkC0k48LFltdfyNA== ec384',
  'ecdsa-sha2-nistp521':
    'ecdsa-sha2-nistp521 AAAAE2VjZHNhLXNoYTItbmlzdHA1MjEAAAAIbmlzdHA1MjEAAACFBAGVzDoCDx5tKexsWCu1wnHncZKxd6RV2HSjzaF3K7VqqyZvKp87yQhcQ61q9P3eThQpHRIUnzxAmBMtYfRQpsoIwQFn8L/6XRz64aVvK0d7Xy7cL4BQFjh0V3BXBA0z/yu9Lt44rhbbUWdU38Zgfhu3L8XCtndReyA709LlvpANocmsFw== ec521',
  'ssh-dss':
    'ssh-dss AAAAB3NzaC1kc3MAAACBAJPdI/6HnsIiG8Q8nouQN0EZXTqr+Bxe1rXhfYQiJKG86x+aORBrD1jlAHyH9pulm87g2PQ8QAya/ldv66ZGl22Mkjey98o8qVFtzEUeh137ZHoFsSa2fUcLrHLD1yoeZC6XUo0aaSVOe7J3uFv0wYUEMksCSKVTAb8hMf/vSySZAAAAFQDjN+zkSp/sWLyAo4qACAogigEUgQAAAIAb7XtisrIkSCJsmwV/tHtxHNkJDpJoWZlZbN8qeeLZwfPHY+yI6wIqueBf23TPtZF3a10qJugAD+BghV87ZGVy64v243WaLJ1BWPyjx3o/nDCldktjcIlNjoNQVg4Ok6wwR5Mu6aKvpY38qUFCKxQfkKIltR/bm3efTugBCjyrzAAAAIEAh9eQFcznLSXkNTC3xEzgyjX8eCPI+bLvRAUkZ9jD9Jlzft6a+lbpzksZga7kjPEi5tHHeNEvJqrexKyzI3Zj2/UJqK8JYkuahPKL3JUXb564+Jq5c6tCL10HgsDZbm35FrF4HAqWqXWb2p2RdRXvMDqtC6xTCkwnJ3NyC0XN2XY= dss',
};
const ED25519 = KEYS['ssh-ed25519'];
const ED25519_BASE64 = ED25519.split(' ')[1]!;
const ECDSA_384_BASE64 = KEYS['ecdsa-sha2-nistp384'].split(' ')[1]!;

/** The field messages a body gets, as the server's `fields` and the web's form errors show them. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('parsePublicKey', () => {
  it.each(Object.entries(KEYS))('reads a %s key with its comment', (type, line) => {
    const key = parsePublicKey(line);
    expect(key?.type).toBe(type);
    expect(key?.comment).toBe(line.split(' ').slice(2).join(' '));
  });

  it('takes the comment as optional and ignores surrounding whitespace', () => {
    expect(parsePublicKey(`ssh-ed25519 ${ED25519_BASE64}`)?.comment).toBe('');
    expect(parsePublicKey(`\n  ${ED25519}\r\n`)?.comment).toBe('ada@laptop');
  });

  it.each([
    ['an unknown key type', `ssh-foo ${ED25519_BASE64}`],
    ['a private key', '-----BEGIN OPENSSH PRIVATE KEY-----'],
    ['no key after the type', 'ssh-ed25519'],
    ['two spaces after the type', `ssh-ed25519  ${ED25519_BASE64}`],
    ['text that is not base64', 'ssh-ed25519 AAAA$$$$'],
    ['a key split over two lines', `ssh-ed25519 ${ED25519_BASE64.slice(0, 30)}\n${ED25519_BASE64.slice(30)}`],
    ['a prefix that is not the embedded type', `ssh-rsa ${ED25519_BASE64} ada@laptop`],
    ['an ECDSA key of another curve', `ecdsa-sha2-nistp256 ${ECDSA_384_BASE64}`],
    ['a truncated key', `ssh-ed25519 ${ED25519_BASE64.slice(0, -8)}`],
    ['a corrupted type inside the key', `ssh-ed25519 ${ED25519_BASE64.replace('ZDI1', 'ZDI2')}`],
    ['wrong padding', `${KEYS['ecdsa-sha2-nistp521'].split(' ').slice(0, 2).join(' ')}=`],
  ])('refuses %s', (_, line) => {
    expect(parsePublicKey(line)).toBeNull();
  });
});

describe('SSH key bodies', () => {
  it('accepts a key, trimming the name and the key text', () => {
    const parsed = SshKeyAddBody.parse({ Name: '  laptop ', PublicKey: ` ${ED25519}\n` });
    expect(parsed).toEqual({ Name: 'laptop', PublicKey: ED25519 });
  });

  it('names a missing, mistyped, empty or overlong name', () => {
    expect(messages(SshKeyAddBody.safeParse({ PublicKey: ED25519 }))).toEqual({ Name: 'required' });
    expect(messages(SshKeyAddBody.safeParse({ Name: 7, PublicKey: ED25519 }))).toEqual({ Name: 'invalid_value' });
    expect(messages(SshKeyAddBody.safeParse({ Name: '   ', PublicKey: ED25519 }))).toEqual({ Name: 'required' });
    const long = 'n'.repeat(SSH_KEY.nameMax + 1);
    expect(messages(SshKeyAddBody.safeParse({ Name: long, PublicKey: ED25519 }))).toEqual({
      Name: 'incorrect_length',
    });
    expect(SshKeyAddBody.safeParse({ Name: long.slice(1), PublicKey: ED25519 }).success).toBe(true);
  });

  it('names a missing, mistyped, overlong or invalid public key', () => {
    const check = (PublicKey: unknown) => messages(SshKeyAddBody.safeParse({ Name: 'k', PublicKey }));
    expect(check(undefined)).toEqual({ PublicKey: 'required' });
    expect(check('')).toEqual({ PublicKey: 'required' });
    expect(check(['ssh-ed25519'])).toEqual({ PublicKey: 'invalid_value' });
    expect(check(`${ED25519} ${'x'.repeat(SSH_KEY.publicKeyMax)}`)).toEqual({ PublicKey: 'invalid_public_key' });
    expect(check('not a key')).toEqual({ PublicKey: 'invalid_public_key' });
    expect(check(`ssh-rsa ${ED25519_BASE64}`)).toEqual({ PublicKey: 'invalid_public_key' });
  });

  it('needs a positive whole id to edit or delete', () => {
    expect(messages(SshKeySetBody.safeParse({ Name: 'k', PublicKey: ED25519 }))).toEqual({ Id: 'required' });
    expect(messages(SshKeySetBody.safeParse({ Id: '3', Name: 'k', PublicKey: ED25519 }))).toEqual({
      Id: 'invalid_value',
    });
    expect(messages(SshKeyDelBody.safeParse({ id: 1.5 }))).toEqual({ id: 'invalid_value' });
    expect(messages(SshKeyDelBody.safeParse({ id: 0 }))).toEqual({ id: 'invalid_value' });
    expect(SshKeyDelBody.parse({ id: 12 })).toEqual({ id: 12 });
  });
});

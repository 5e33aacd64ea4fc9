import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NOVNC_DIR } from '../../test/console/console-test-server.js';
import { desEncryptBlock } from './des.js';
import { vncAuthResponse, vncAuthValid, vncKey } from './vnc-auth.js';

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe('DES', () => {
  it('matches published test vectors', () => {
    // The worked example in Grabbe's "The DES Algorithm Illustrated", and two NBS validation vectors.
    expect(toHex(desEncryptBlock(hex('133457799bbcdff1'), hex('0123456789abcdef')))).toBe('85e813540f0ab405');
    expect(toHex(desEncryptBlock(hex('0e329232ea6d0d73'), hex('8787878787878787')))).toBe('0000000000000000');
    expect(toHex(desEncryptBlock(hex('0101010101010101'), hex('95f8a5e5dd31d900')))).toBe('8000000000000000');
  });

  it('agrees with OpenSSL (legacy provider) on random keys and blocks', () => {
    const cases = Array.from({ length: 16 }, () => [randomBytes(8).toString('hex'), randomBytes(8).toString('hex')]);
    const script =
      "const c=require('crypto');const cases=JSON.parse(process.argv[1]);" +
      "console.log(JSON.stringify(cases.map(([k,p])=>{const x=c.createCipheriv('des-ecb',Buffer.from(k,'hex'),null);" +
      "x.setAutoPadding(false);return x.update(Buffer.from(p,'hex')).toString('hex')})))";
    const run = spawnSync(process.execPath, ['--openssl-legacy-provider', '-e', script, JSON.stringify(cases)], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const expected = JSON.parse(run.stdout) as string[];
    expect(cases.map(([k, p]) => toHex(desEncryptBlock(hex(k ?? ''), hex(p ?? ''))))).toEqual(expected);
  });
});

describe('VNC authentication', () => {
  it('derives the key from the first 8 bytes, zero-padded, each bit-reversed', () => {
    expect(toHex(vncKey('a'))).toBe('8600000000000000'); // 'a' = 0x61 = 01100001 -> 10000110
    expect(toHex(vncKey('passwordIGNORED'))).toBe(toHex(vncKey('password')));
    expect(toHex(vncKey('password'))).toBe('0e86ceceeef64e26');
  });

  it("answers a challenge exactly as noVNC's own DES does", async () => {
    // rfb.js needs a browser, so use the cipher it calls (RFB.genDES passes the password's char codes).
    type Cipher = { encrypt(alg: null, data: Uint8Array): Uint8Array };
    const url = pathToFileURL(join(NOVNC_DIR, 'core/crypto/des.js')).href;
    const { DESECBCipher } = (await import(url)) as { DESECBCipher: { importKey(key: number[]): Cipher } };
    for (const password of ['x', 'pa55word', 'Ab3dE6gH:PVEVNC:6753A0B1::ticket-tail']) {
      const challenge = Uint8Array.from(randomBytes(16));
      const response = vncAuthResponse(password, challenge);
      expect(toHex(response)).toBe(
        toHex(DESECBCipher.importKey([...password].map((c) => c.charCodeAt(0))).encrypt(null, challenge)),
      );
      expect(vncAuthValid(password, challenge, response)).toBe(true);
      expect(vncAuthValid(`${password}!`.slice(0, 7) + '?', challenge, response)).toBe(false);
    }
  });
});

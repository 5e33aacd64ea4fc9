import { describe, expect, it } from 'vitest';
import { vncAuthResponse, vncKey } from './vnc-auth.js';
import { desEncryptBlock } from './vnc-des.js';

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe('VNC authentication (client side)', () => {
  it('encrypts DES blocks as the published vectors say', () => {
    expect(toHex(desEncryptBlock(hex('133457799bbcdff1'), hex('0123456789abcdef')))).toBe('85e813540f0ab405');
    expect(toHex(desEncryptBlock(hex('0e329232ea6d0d73'), hex('8787878787878787')))).toBe('0000000000000000');
    expect(toHex(desEncryptBlock(hex('0101010101010101'), hex('95f8a5e5dd31d900')))).toBe('8000000000000000');
  });

  it('derives the key from the first 8 bytes of the password, each bit-reversed', () => {
    expect(toHex(vncKey('a'))).toBe('8600000000000000');
    expect(toHex(vncKey('passwordIGNORED'))).toBe(toHex(vncKey('password')));
  });

  it('answers a challenge with two DES blocks under that key', () => {
    const challenge = hex('00112233445566778899aabbccddeeff');
    const key = vncKey('secret');
    const expected =
      toHex(desEncryptBlock(key, challenge.subarray(0, 8))) + toHex(desEncryptBlock(key, challenge.subarray(8)));
    expect(toHex(vncAuthResponse('secret', challenge))).toBe(expected);
    expect(() => vncAuthResponse('secret', new Uint8Array(8))).toThrow();
  });
});

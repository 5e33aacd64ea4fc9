import { generateKeyPairSync } from 'node:crypto';

/** Public keys made with ssh-keygen (OpenSSH 9.2), and the fingerprints `ssh-keygen -l` printed. */
export const KNOWN_KEYS = {
  ed25519: {
    line: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJZQX/xLTJS5plz372budVw+hRoRJ6uaC2B6lPpnr0us grace@desk',
    fingerprint: 'SHA256:XvlkMHn1eMlIRJ0B6WAnoDsegVt23roSajWlwNzDTTE',
  },
  rsa4096: {
    line: 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAACAQDDtAf/eJdmaaS8ZjdSLq1vUpJ99aJdrUFZmDSmroLH+FBimQfUrO+nbsLR9v5FiyM5A5piMF5S8ctk5pFYWxMRAcKNM3V6xJQam3VFj5L5pFkxvwbyZ2fCCNxsG+wUWPFLLfpOsAsQuUrsS9UZ8/+q7N5ACY8eyHircOgfK6I8iB+B1eFJf32Hdu0oOnAgE8gDT+IbBvRHqgc5hjVX+zNJZjGZ2ynRKNjJFoL43IhW5mRImScbVY+NA39f44e1xKjTTDPOjCoWGFFlp9RwJPZtwKEbQgrdOvbVYJDd8xe8yarCJEEj8gKNtPbCJl7ut6zn6y+9udWG/S/bxqA+A7BNP1cuOphTzAfnf2HOUVBVN5sVi9BG0cwEhZJWOjP4Rzp2mO4/NL7Minrdubo79IO0jzyEWY8FVjPbVx7HEUQy1O4BkG5o0/Do/ddsCekPxqfBmrjT0Vt7EEfJpGPawM4LR/PkSPb0Trz/DJ+9xaaTZgT4q0ddnGEtIkWFeW/6ZsEauLAJnCxLsie5mnIBFQ/U16cVg3SC9iL1RNkyUwLY3f2WQMoSURRuwgn4jKai7AzhoHtnN7xAbG66h7iDuiK0hbQop2SUlvOlT2q3K9leqPsvqBybVQuxV4qmtwvArNRjaik5dRBPvlXI+vIvDBXKa0dqSbW2Wm03WP0kQ0aahw== build server',
    fingerprint: 'SHA256:wCt743+pn/rGhFUYiEmfMI8eI+Ss97+4ydU+Mv+hD2o',
  },
} as const;

const sshString = (bytes: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
};

/** A fresh ed25519 public key line, as `ssh-keygen -t ed25519` would write it. */
export function newPublicKey(comment = 'tester@nimbus'): string {
  const jwk = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
  const blob = Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(Buffer.from(jwk.x!, 'base64url'))]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

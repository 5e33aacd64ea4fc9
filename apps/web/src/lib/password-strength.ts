export type Strength = 'weak' | 'fair' | 'strong';

// Passwords every guessing list starts with, and keyboard runs; lower case, compared as a whole.
const COMMON = new Set([
  'password',
  'passw0rd',
  'password1',
  '12345678',
  '123456789',
  'qwertyuiop',
  'iloveyou',
  'admin123',
]);

/**
 * A rough, non-blocking estimate of how hard a password is to guess, for the hint under a new
 * password (the password itself stays free text): the bits of a random string of its
 * length over the kinds of characters it uses, with common and repetitive passwords counted weak.
 */
export function passwordStrength(password: string): Strength | null {
  if (password === '') return null;
  const pool =
    (/[a-z]/.test(password) ? 26 : 0) +
    (/[A-Z]/.test(password) ? 26 : 0) +
    (/[0-9]/.test(password) ? 10 : 0) +
    (/[^A-Za-z0-9]/.test(password) ? 33 : 0);
  const distinct = new Set(password).size;
  if (COMMON.has(password.toLowerCase()) || distinct <= 3) return 'weak';
  const bits = password.length * Math.log2(pool);
  return bits < 45 ? 'weak' : bits < 70 ? 'fair' : 'strong';
}

/**
 * Keeps a post-login redirect on this origin: only a path that starts with one "/" is accepted.
 * "//host", "/\host" and anything with control characters could leave the site, so they are refused.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/')) return undefined;
  const second = value.charAt(1);
  if (second === '/' || second === '\\') return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  if (value.length > 2048) return undefined;
  return value;
}

export const HOME_PATH = '/dashboard';

export function redirectTarget(value: unknown): string {
  return safeRedirect(value) ?? HOME_PATH;
}

import * as oidc from 'openid-client';
import { ProviderDown, type ProviderIdentity } from './identity.js';

interface GitHubUser {
  id: number;
}
interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GET on GitHub's REST API with the user's token; any answer but 200 is a failure (a 5xx: GitHub is down). */
async function read<T>(c: oidc.Configuration, apiUrl: string, path: string, token: string): Promise<T> {
  const headers = new Headers({
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
    'user-agent': 'Nimbus',
  });
  const url = new URL(`${apiUrl.replace(/\/+$/, '')}${path}`);
  const res = await oidc.fetchProtectedResource(c, token, url, 'GET', null, headers);
  if (res.status !== 200) {
    throw new (res.status >= 500 ? ProviderDown : Error)(`GitHub ${path} answered ${res.status}`);
  }
  return (await res.json()) as T;
}

/**
 * The GitHub account behind a token: its numeric id (logins can be renamed, ids cannot) and its
 * primary email, only when GitHub has verified it.
 */
export async function githubIdentity(c: oidc.Configuration, apiUrl: string, token: string): Promise<ProviderIdentity> {
  const user = await read<GitHubUser>(c, apiUrl, '/user', token);
  if (!Number.isSafeInteger(user.id) || user.id <= 0) throw new Error('GitHub /user has no id');
  const emails = await read<GitHubEmail[]>(c, apiUrl, '/user/emails', token);
  const primary = Array.isArray(emails) ? emails.find((e) => e.primary && e.verified) : undefined;
  return { subject: String(user.id), email: typeof primary?.email === 'string' ? primary.email : undefined };
}

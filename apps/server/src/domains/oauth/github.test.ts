import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from '../../../test/api.js';
import { GitHubStandIn, type GitHubAccount } from '../../../test/github-stand-in.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { arrive, landing, paramsOf, startBind, startLogin } from '../../../test/oauth-helpers.js';

// The console's GitHub client against a stand-in speaking GitHub's OAuth app protocol and REST API,
// as GitHub Enterprise Server is reached (GITHUB_URL, GITHUB_API_URL).

let h: Harness;
const gh = new GitHubStandIn();
const PUBLIC_URL = 'http://console.test';

beforeAll(async () => {
  await gh.start();
  h = await startHarness({ PUBLIC_URL, ...gh.env() });
});
afterAll(async () => {
  await h?.close();
  await gh.stop();
});

let ids = 1000;
function githubUser(emails: GitHubAccount['emails']): GitHubAccount {
  const id = ids++;
  return { id, login: `octo${id}`, emails };
}
const email = (address: string, primary: boolean, verified: boolean) => ({
  email: address,
  primary,
  verified,
  visibility: primary ? 'private' : null,
});

/** GitHub approves at once for its signed-in account: follow its redirect back to the console. */
async function authorize(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function signInAs(account: GitHubAccount, opts: { Redirect?: string } = {}) {
  gh.account = account;
  const t = await startLogin(h, 'github', opts);
  return landing(h, await arrive(h, await authorize(t.url), t.cookie), t.cookie);
}

describe('third-party sign-in with GitHub', () => {
  it('is offered as GitHub', async () => {
    const r = await call(h, 'GET', '/api/oauth/providers');
    expect(r.body.data).toEqual([{ Id: 'github', Name: 'GitHub', Kind: 'github' }]);
  });

  it('asks GitHub for the user and their emails, with PKCE (S256) and state', async () => {
    const t = await startLogin(h, 'github');
    const url = new URL(t.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${gh.url}/login/oauth/authorize`);
    expect(paramsOf(url)).toMatchObject({
      client_id: gh.clientId,
      redirect_uri: `${PUBLIC_URL}/api/oauth/callback/github`,
      scope: 'read:user user:email',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('state')?.length).toBeGreaterThan(20);
  });

  it('makes an account with the primary verified email, then signs the same GitHub user in again', async () => {
    const primary = uniqueEmail('gh-primary');
    const user = githubUser([email(uniqueEmail('gh-other'), false, true), email(primary, true, true)]);
    const first = await signInAs(user, { Redirect: '/instances' });
    expect(first.redirect).toBe('/instances');
    const session = await call<{ User: { Email: string; HasPassword: boolean } }>(h, 'GET', '/api/session', {
      ssid: first.ssid,
    });
    expect(session.body.data.User).toMatchObject({ Email: primary, HasPassword: false });
    // A GitHub user is their numeric id: a changed email still signs in to the same account.
    const renamed = { ...user, login: 'renamed', emails: [email(uniqueEmail('gh-changed'), true, true)] };
    expect((await signInAs(renamed)).uid).toBe(first.uid);
  });

  it('makes no account when the primary email is not verified, or is another account’s', async () => {
    const unverified = githubUser([
      email(uniqueEmail('gh-unverified'), true, false),
      email(uniqueEmail(), false, true),
    ]);
    expect(await signInAs(unverified)).toEqual({ oauth_error: 'no_email', provider: 'github' });
    const owner = await signUp(h);
    expect(await signInAs(githubUser([email(owner.email, true, true)]))).toEqual({
      oauth_error: 'email_exist',
      provider: 'github',
    });
  });

  it('fails when GitHub refuses the code', async () => {
    gh.account = githubUser([email(uniqueEmail(), true, true)]);
    const t = await startLogin(h, 'github');
    const back = await authorize(t.url);
    back.searchParams.set('code', 'not-a-code-github-gave');
    expect(paramsOf(await arrive(h, back, t.cookie))).toEqual({ oauth_error: 'failed', provider: 'github' });
  });

  it('binds GitHub to a password account and unbinds it', async () => {
    const u = await signUp(h);
    const user = githubUser([email(u.email, true, true)]);
    gh.account = user;
    const t = await startBind(h, u.ssid, 'github');
    expect(paramsOf(await arrive(h, await authorize(t.url), t.cookie))).toEqual({
      tab: 'logins',
      bind: 'ok',
      provider: 'github',
    });
    expect((await signInAs(user)).uid).toBe(String(u.userId));
    const unbind = await call(h, 'POST', '/api/user/identity/unbind', { ssid: u.ssid, body: { Provider: 'github' } });
    expect(unbind.status).toBe(200);
    // Unbound, the GitHub user is a stranger again, whose email is the account's: never linked by it.
    expect((await signInAs(user)).oauth_error).toBe('email_exist');
  });
});

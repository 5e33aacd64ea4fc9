import { signInAtProvider } from '../../../server/test/oidc-provider';
import { E2E, E2E_OIDC } from './ports';
import { newEmail, readCode } from './mail';

export interface Account {
  email: string;
  password: string;
  session: { session_id: string; expire_at: string; user_id: number };
}

async function post<T>(path: string, body: unknown, ssid?: string): Promise<T> {
  const res = await fetch(`${E2E.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ssid ? { ssid } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; code?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.code}`);
  return json.data;
}

/** Creates a customer through the public API (the UI flow has its own test). */
export async function createAccount(
  opts: { password?: string; profile?: Record<string, string>; locale?: string } = {},
): Promise<Account> {
  const email = newEmail('acct');
  const password = opts.password ?? 'e2e-password-1';
  await post('register/code', { Email: email });
  const Code = await readCode(email);
  const session = await post<Account['session']>('register', {
    Email: email,
    Password: password,
    Code,
    AgreeTerms: true,
  });
  const account = { email, password, session };
  if (opts.profile) await setProfile(account, opts.profile);
  return account;
}

/** Sets the customer's billing profile through the API (fields not given are left empty). */
export async function setProfile(account: Account, profile: Record<string, string>): Promise<void> {
  await post(
    'user/profile/set',
    {
      FirstName: '',
      LastName: '',
      Company: '',
      Address1: '',
      Address2: '',
      City: '',
      State: '',
      Postcode: '',
      Country: '',
      ...profile,
    },
    account.session.session_id,
  );
}

/** Stores an SSH key for a customer through the API, as another tab or device would. */
export async function addSshKey(account: Account, Name: string, PublicKey: string): Promise<{ Id: number }> {
  return post<{ Id: number }>('key/add', { Name, PublicKey }, account.session.session_id);
}

/** Deletes a customer's SSH key through the API, behind the page's back. */
export async function deleteSshKey(account: Account, id: number): Promise<void> {
  await post('key/del', { id }, account.session.session_id);
}

async function get<T>(path: string, ssid: string): Promise<T> {
  const res = await fetch(`${E2E.baseUrl}/api/${path}`, { headers: { ssid } });
  const json = (await res.json()) as { data: T; code?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.code}`);
  return json.data;
}

/**
 * Deploys the first product of the first region through the API (the page has its own test) and
 * waits until the instance runs. The account needs the balance for a month of it.
 */
export async function deployInstance(account: Account, hostname: string): Promise<{ InstanceId: number }> {
  const ssid = account.session.session_id;
  const regions = await get<{ Groups: { Products: { Id: number }[] }[] }[]>('deploy/products', ssid);
  const productId = regions[0]!.Groups[0]!.Products[0]!.Id;
  const templates = await get<{ Id: number }[]>(`product/templates?productId=${productId}`, ssid);
  const result = await post<{ InstanceId: number; TaskId: number }>(
    'deploy',
    {
      ProductId: productId,
      Quantity: 1,
      Cycle: 'Month',
      PromotionCode: '',
      Hostnames: [hostname],
      UserData: { TemplateId: templates[0]!.Id, Username: 'root', Password: 'Sturdy-Passw0rd!', SSHKeyIds: [] },
      CustomConfig: [],
    },
    ssid,
  );
  for (let i = 0; i < 600; i++) {
    const task = await get<{ Status: number; Step: number }>(
      `instance/task/get?id=${result.InstanceId}&taskId=${result.TaskId}`,
      ssid,
    );
    if (task.Status === 2) return result;
    if (task.Step === 5) throw new Error(`deploy of ${hostname} failed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`deploy of ${hostname} did not finish`);
}

/** The id of the customer's newest invoice. */
export async function latestInvoiceId(account: Account): Promise<number> {
  const list = await get<{ Items: { Id: number }[] }>('invoices?limit=1', account.session.session_id);
  return list.Items[0]!.Id;
}

/** The customer's balance as the API answers it now, written as the console writes it ("5.03 USD"). */
export async function balanceText(account: Account): Promise<string> {
  const { User } = await get<{ User: { Balance: number; Currency: string } }>('session', account.session.session_id);
  return `${(User.Balance / 100).toFixed(2)} ${User.Currency}`;
}

/** Stores the customer's language on the server, as the preferences form does (mails follow it). */
export async function setLocale(account: Account, locale: 'en_US' | 'zh_CN'): Promise<void> {
  await post('user/preferences/set', { Locale: locale, Theme: 'light' }, account.session.session_id);
}

/** The operator's ticket types (three are seeded on the first start). */
export async function ticketTypes(account: Account): Promise<{ Id: number; Name: string }[]> {
  return get('ticketTypes', account.session.session_id);
}

/**
 * Opens a ticket through the API, as another tab would (the form has its own test), with an
 * optional attachment uploaded first. Answers the ticket's id.
 */
export async function openTicket(
  account: Account,
  opts: { title: string; content?: string; type?: string; file?: { name: string; bytes: Buffer } },
): Promise<number> {
  const ssid = account.session.session_id;
  const types = await ticketTypes(account);
  const type = opts.type ? types.find((t) => t.Name === opts.type) : types[0];
  if (!type) throw new Error(`no ticket type ${opts.type}`);
  const AttachmentIds: number[] = [];
  if (opts.file) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(opts.file.bytes)]), opts.file.name);
    const res = await fetch(`${E2E.baseUrl}/api/ticket/attachment`, { method: 'POST', headers: { ssid }, body: form });
    const json = (await res.json()) as { data: { Id: number }; code?: string };
    if (!res.ok) throw new Error(`ticket/attachment: ${res.status} ${json.code}`);
    AttachmentIds.push(json.data.Id);
  }
  const ticket = await post<{ Id: number }>(
    'ticket/add',
    { Title: opts.title, TypeId: type.Id, Content: opts.content ?? 'Please have a look.', AttachmentIds },
    ssid,
  );
  return ticket.Id;
}

/**
 * Makes an account through the OpenID provider the way a browser does (start, the provider's login
 * and consent pages, the return), outside the page under test: its identity is then bound to it.
 */
export async function accountThroughProvider(login: string): Promise<{ session: Account['session'] }> {
  const start = await fetch(`${E2E.baseUrl}/api/oauth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Provider: E2E_OIDC.id, AgreeTerms: true }),
  });
  if (!start.ok) throw new Error(`oauth/login: ${start.status}`);
  const cookie = start.headers.getSetCookie()[0]!.split(';')[0]!;
  const { data } = (await start.json()) as { data: { Url: string } };
  const back = await signInAtProvider(data.Url, login);
  const res = await fetch(back, { headers: { cookie }, redirect: 'manual' });
  const to = new URL(res.headers.get('location') ?? '/', E2E.baseUrl).searchParams;
  // The return carries a one-time code, which /login trades for the session from the same browser.
  const code = to.get('oauth_code');
  if (!code) throw new Error(`the provider's return did not sign in: ${to.toString()}`);
  const traded = await fetch(`${E2E.baseUrl}/api/oauth/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ Code: code }),
  });
  if (!traded.ok) throw new Error(`oauth/session: ${traded.status}`);
  const { data: session } = (await traded.json()) as { data: Account['session'] };
  return { session };
}

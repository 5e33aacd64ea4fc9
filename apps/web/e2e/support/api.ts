import { E2E } from './ports';
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
  if (opts.profile) {
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
        ...opts.profile,
      },
      session.session_id,
    );
  }
  return { email, password, session };
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

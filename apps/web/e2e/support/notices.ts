import { adminCli } from './admin';
import { E2E } from './ports';

// Notices are the provider's, seen by every customer: a test that counts them starts by
// withdrawing the live ones. The CLI publishes the notice a test reads; the staff API, with a
// token the CLI made, publishes the many a list needs and clears them, faster than a process each.

let token: string | undefined;
function staffToken(): string {
  token ??= adminCli('staff-token:create', '--name', 'e2e notices', '--scopes', 'notices').split('\n')[1]!;
  return token;
}

async function staff<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${E2E.baseUrl}/api/staff/${path}`, {
    method,
    headers: { authorization: `Bearer ${staffToken()}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; code?: string };
  if (!res.ok) throw new Error(`staff ${path}: ${res.status} ${json.code}`);
  return json.data;
}

/** Publishes a notice with `npm run admin -- notice:create`, as a provider does; returns its id. */
export function publishWithCli(title: string, html: string, opts: { pinned?: boolean } = {}): number {
  const out = adminCli('notice:create', '--title', title, '--content', html, ...(opts.pinned ? ['--pinned'] : []));
  return Number(/^published notice (\d+)/.exec(out)?.[1]);
}

/** Publishes notices through the staff API, oldest first; returns their ids in that order. */
export async function publishMany(titles: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const Title of titles) {
    ids.push((await staff<{ Id: number }>('POST', 'notice/add', { Title, Content: `<p>About ${Title}.</p>` })).Id);
  }
  return ids;
}

export function withdrawWithCli(id: number): void {
  adminCli('notice:withdraw', String(id));
}

/** Withdraws every live notice, so a test sees only its own. */
export async function withdrawAll(): Promise<void> {
  for (;;) {
    const live = await staff<{ Items: { Id: number }[] }>('GET', 'notices?state=live&limit=100');
    if (live.Items.length === 0) return;
    for (const n of live.Items) await staff('POST', 'notice/withdraw', { Id: n.Id });
  }
}

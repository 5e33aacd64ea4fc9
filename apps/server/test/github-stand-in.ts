import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface GitHubAccount {
  id: number;
  login: string;
  emails: { email: string; primary: boolean; verified: boolean; visibility: string | null }[];
}

/**
 * A stand-in for GitHub (or GitHub Enterprise Server) on 127.0.0.1 speaking its OAuth app protocol:
 * GET /login/oauth/authorize (the signed-in `account` approves at once), POST
 * /login/oauth/access_token (client secret and PKCE S256 checked, codes single-use; errors as
 * GitHub sends them, with status 200), and the REST API under /api/v3 (GET /user, /user/emails).
 */
export class GitHubStandIn {
  readonly clientId = 'Iv1.standin';
  readonly clientSecret = randomBytes(20).toString('hex');
  /** Who is signed in at GitHub: the next authorization is theirs. */
  account: GitHubAccount = { id: 1, login: 'octocat', emails: [] };
  private codes = new Map<string, { challenge: string; redirectUri: string; account: GitHubAccount }>();
  private tokens = new Map<string, GitHubAccount>();
  private server: Server = createServer((req, res) => void this.handle(req, res));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const a = this.server.address();
    this.url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
    return this;
  }

  get apiUrl(): string {
    return `${this.url}/api/v3`;
  }

  /** GITHUB_* settings pointing the console here. */
  env(): Record<string, string> {
    return {
      GITHUB_CLIENT_ID: this.clientId,
      GITHUB_CLIENT_SECRET: this.clientSecret,
      GITHUB_URL: this.url,
      GITHUB_API_URL: this.apiUrl,
    };
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      const redirect = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== this.clientId || !redirect) return json(404, { error: 'unknown client' });
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
        return json(400, { error: 'PKCE S256 expected' });
      }
      const code = randomBytes(10).toString('hex');
      this.codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: redirect, account: this.account });
      const back = new URL(redirect);
      back.searchParams.set('code', code);
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let raw = '';
      for await (const chunk of req) raw += String(chunk);
      const form = new URLSearchParams(raw);
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const [id, secret] = basic
        ? Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const error =
        id !== this.clientId || secret !== this.clientSecret
          ? 'incorrect_client_credentials'
          : !grant || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge
            ? 'bad_verification_code'
            : undefined;
      const body: Record<string, string> = error
        ? { error, error_description: 'The code passed is incorrect or expired.' }
        : { access_token: this.issue(grant!.account), token_type: 'bearer', scope: 'read:user,user:email' };
      // GitHub answers form-encoded unless asked for JSON, and errors with status 200.
      if (String(req.headers.accept).includes('application/json')) return json(200, body);
      res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
      return res.end(new URLSearchParams(body).toString());
    }
    if (req.method === 'GET' && (url.pathname === '/api/v3/user' || url.pathname === '/api/v3/user/emails')) {
      if (!req.headers['user-agent']) return json(403, { message: 'Request forbidden by administrative rules.' });
      const token = /^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const who = token ? this.tokens.get(token) : undefined;
      if (!who) return json(401, { message: 'Bad credentials' });
      return url.pathname.endsWith('/emails')
        ? json(200, who.emails)
        : json(200, { id: who.id, login: who.login, node_id: `U_${who.id}`, type: 'User', email: null });
    }
    json(404, { message: 'Not Found' });
  }

  private issue(account: GitHubAccount): string {
    const token = `gho_${randomBytes(18).toString('hex')}`;
    this.tokens.set(token, account);
    return token;
  }
}

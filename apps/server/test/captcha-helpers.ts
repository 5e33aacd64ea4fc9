import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CaptchaChallenge } from '@nimbus/contract';
import { call, type Reply } from './api.js';
import type { Harness } from './harness.js';

/** The Captcha field for a challenge: base64 of its JSON with the solution, as the web page sends it. */
export async function solve(challenge: CaptchaChallenge['Challenge']): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  const payload = { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Asks the server for a challenge (GET api/captcha) and solves it, as a person's browser does. */
export async function solvedCaptcha(h: Harness, ip?: string): Promise<string> {
  const r: Reply<CaptchaChallenge> = await call<CaptchaChallenge>(h, 'GET', '/api/captcha', { ip });
  if (r.status !== 200) throw new Error(`captcha failed: ${JSON.stringify(r.body)}`);
  return solve(r.body.data.Challenge);
}

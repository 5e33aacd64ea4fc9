import { expect } from '@playwright/test';
import { E2E } from './ports';

/** Waits for a verification code mailed to an address and returns it. */
export async function readCode(to: string, after?: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(to)}`);
        code = ((await res.json()) as { code: string | null }).code;
        return code !== null && code !== after;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return code!;
}

/** The newest code in an address's mailbox so far (to wait for a newer one with readCode). */
export async function lastCode(to: string): Promise<string | undefined> {
  const res = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { code: string | null }).code ?? undefined;
}

export async function lastSubject(to: string): Promise<string | null> {
  const res = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { subject: string | null }).subject;
}

/** The newest mail to an address as its reader sees it (decoded subject and text), if any. */
export async function lastMail(to: string): Promise<{ subject: string; text: string } | null> {
  const res = await fetch(`http://127.0.0.1:${E2E.mailApiPort}/?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { mail: { subject: string; text: string } | null }).mail;
}

let n = 0;
export const newEmail = (tag = 'e2e') => `${tag}.${Date.now()}.${process.pid}.${n++}@example.com`;

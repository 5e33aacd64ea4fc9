import { CONSOLE_CELL_H, CONSOLE_CELL_W, consoleGlyph } from '@nimbus/pve-emulator';
import { TASK_STATUS } from '@nimbus/contract';
import type { Locator, Page } from '@playwright/test';
import { E2E } from './ports';

// Reading what a console page shows: the VNC canvas decoded cell by cell against the emulator's
// console font (so an assertion rests on the pixels the browser drew, not on the emulator's state),
// and xterm.js's rendered rows.

/** A cell's lit pixels as a string of '0'/'1', row by row. */
function glyphKey(ch: string, inverted: boolean): string {
  let key = '';
  for (let y = 0; y < CONSOLE_CELL_H; y++) {
    const bits = consoleGlyph(ch)[y >> 1] ?? 0;
    for (let x = 0; x < CONSOLE_CELL_W; x++) {
      const lit = x < 8 && ((bits >> x) & 1) === 1;
      key += lit !== inverted ? '1' : '0';
    }
  }
  return key;
}

const GLYPHS = new Map<string, string>();
for (let code = 0x7e; code >= 0x20; code--) {
  const ch = String.fromCharCode(code);
  GLYPHS.set(glyphKey(ch, false), ch);
  GLYPHS.set(glyphKey(ch, true), ch); // the block cursor draws its cell inverted
}

/**
 * The text on a noVNC canvas: its pixels read in the page (the canvas holds the framebuffer at its
 * own size; the page only scales it with CSS), each character cell matched against the font.
 * A cell that matches no glyph reads as '▒'.
 */
export async function readVncScreen(canvas: Locator): Promise<string> {
  const { w, h, bits } = await canvas.evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let out = '';
    for (let i = 0; i < data.length; i += 4) out += (data[i] ?? 0) > 0x55 ? '1' : '0';
    return { w: c.width, h: c.height, bits: out };
  });
  const lines: string[] = [];
  for (let row = 0; row < Math.floor(h / CONSOLE_CELL_H); row++) {
    let line = '';
    for (let col = 0; col < Math.floor(w / CONSOLE_CELL_W); col++) {
      let key = '';
      for (let y = 0; y < CONSOLE_CELL_H; y++) {
        const at = (row * CONSOLE_CELL_H + y) * w + col * CONSOLE_CELL_W;
        key += bits.slice(at, at + CONSOLE_CELL_W);
      }
      line += GLYPHS.get(key) ?? '\u2592';
    }
    lines.push(line.trimEnd());
  }
  return lines.join('\n');
}

/** The rows xterm.js rendered, as text (its DOM renderer writes spaces as no-break spaces). */
export async function readTerminal(page: Page): Promise<string> {
  const rows = await page.locator('.xterm-rows > div').allTextContents();
  return rows.map((r) => r.replace(/\u00a0/g, ' ').trimEnd()).join('\n');
}

/**
 * Changes an instance's password through `POST api/instance/password` and waits for its task, as the
 * detail page's dialog does. For the scenario "log in with the new password after a change".
 */
export async function changeInstancePassword(ssid: string, instanceId: number, password: string): Promise<void> {
  const call = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const res = await fetch(`${E2E.baseUrl}/api/${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ssid },
    });
    const json = (await res.json()) as { data: T; code?: string };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${json.code}`);
    return json.data;
  };
  const taskId = await call<number>('instance/password', {
    method: 'POST',
    body: JSON.stringify({ Id: instanceId, Password: password }),
  });
  for (let i = 0; i < 300; i++) {
    const task = await call<{ Status: number; Step: number }>(`instance/task/get?id=${instanceId}&taskId=${taskId}`);
    if (task.Status === TASK_STATUS.ok || task.Status === TASK_STATUS.finished) return;
    if (task.Status > TASK_STATUS.finished) throw new Error(`password change of instance ${instanceId} failed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`password change of instance ${instanceId} did not finish`);
}

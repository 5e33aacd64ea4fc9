// Typing text into a VNC console as key presses: a guest has no clipboard of ours, so "paste" means
// pressing the keys that produce each character (what Proxmox's own noVNC page offers too).

const SHIFT = 0xffe1;
const RETURN = 0xff0d;
const TAB = 0xff09;
/** Characters a US layout types with Shift held (servers that map keysyms to scancodes need it). */
const SHIFTED = new Set('~!@#$%^&*()_+{}|:"<>?');

export interface KeySender {
  sendKey(keysym: number, code: string | null, down?: boolean): void;
}

/** The X11 keysym of a character: Latin-1 maps to itself, the rest to the Unicode keysym range. */
export function keysymOf(ch: string): number {
  if (ch === '\n') return RETURN;
  if (ch === '\t') return TAB;
  const cp = ch.codePointAt(0) ?? 0x3f;
  return cp < 0x100 ? cp : 0x01000000 + cp;
}

/** Presses and releases the keys of `text`, with Shift around upper-case letters and shifted symbols. */
export function typeText(rfb: KeySender, text: string): void {
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const shift = /^[A-Z]$/.test(ch) || SHIFTED.has(ch);
    if (shift) rfb.sendKey(SHIFT, 'ShiftLeft', true);
    rfb.sendKey(keysymOf(ch), null);
    if (shift) rfb.sendKey(SHIFT, 'ShiftLeft', false);
  }
}

// X11 keysyms (as RFB KeyEvents carry them) for the keys a text console cares about.
const SPECIAL: Record<number, string> = {
  0xff08: '\x7f', // BackSpace: Linux terminals send DEL
  0xff09: '\t',
  0xff0d: '\r', // Return
  0xff8d: '\r', // KP_Enter
  0xff1b: '\x1b',
  0xff51: '\x1b[D', // Left
  0xff52: '\x1b[A', // Up
  0xff53: '\x1b[C', // Right
  0xff54: '\x1b[B', // Down
  0xffff: '\x1b[3~', // Delete
};

/** Keysyms of the Control keys, whose state turns letters into control characters. */
export const CONTROL_KEYS = new Set([0xffe3, 0xffe4]);

/** The bytes a terminal would send for a pressed key, or '' for keys that produce nothing. */
export function keysymToInput(keysym: number, control: boolean): string {
  const special = SPECIAL[keysym];
  if (special !== undefined) return special;
  // Keypad digits, operators and the like map onto ASCII.
  if (keysym >= 0xffaa && keysym <= 0xffb9) return String.fromCharCode(keysym - 0xff80);
  if (keysym < 0x20 || keysym > 0xff || keysym === 0x7f) return '';
  const ch = String.fromCharCode(keysym);
  if (control && /[a-z@[\\\]^_]/i.test(ch)) return String.fromCharCode(ch.toUpperCase().charCodeAt(0) & 0x1f);
  return ch;
}

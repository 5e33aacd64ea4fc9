import { CONTROL_CHARS, type LocalText } from '@nimbus/contract';
/**
 * Parses `--name value` (or `--name=value`) pairs and plain arguments; a flag without a value is an
 * error, except the command's switches (`--refund`), which read as 'true'.
 */
export function parseArgs(
  argv: string[],
  switches: readonly string[] = [],
): { flags: Record<string, string>; args: string[] } {
  const flags: Record<string, string> = {};
  const args: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) {
      args.push(a);
      continue;
    }
    if (switches.includes(a.slice(2))) {
      flags[a.slice(2)] = 'true';
      continue;
    }
    const eq = a.indexOf('=');
    if (eq > 0) {
      flags[a.slice(2, eq)] = a.slice(eq + 1);
      continue;
    }
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${a} needs a value`);
    flags[a.slice(2)] = v;
    i++;
  }
  return { flags, args };
}

/**
 * A text an operator writes in each console language: `--NAME` is the English version and
 * `--NAME-zh` the Chinese one; undefined when neither is given.
 */
export function localFlag(flags: Record<string, string>, name: string): Partial<LocalText> | undefined {
  const en = flags[name];
  const zh = flags[`${name}-zh`];
  if (en === undefined && zh === undefined) return undefined;
  return { ...(en === undefined ? {} : { en_US: en }), ...(zh === undefined ? {} : { zh_CN: zh }) };
}

export function need(flags: Record<string, string>, name: string): string {
  const v = flags[name];
  if (v === undefined || v === '') throw new Error(`--${name} is required`);
  return v;
}

// What customers write reaches the operator's terminal: control characters (escape sequences that
// clear the screen or retitle the window, carriage returns that overwrite a line) are shown as
// spaces, and a table cell or a heading stays on one line.
// Unlike in what the API accepts, a carriage return is not a line break here: it would overwrite one.
const CONTROL = new RegExp(CONTROL_CHARS, 'g');
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Customer text for one line or one tab-separated cell of the CLI's output. */
export const oneLine = (text: string) => text.replace(CONTROL, ' ');
/** Customer text printed as a block: tabs and line breaks kept, other control characters not. */
export const textBlock = (text: string) => text.replace(CONTROL_BUT_LINES, ' ');

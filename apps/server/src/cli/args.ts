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

export function need(flags: Record<string, string>, name: string): string {
  const v = flags[name];
  if (v === undefined || v === '') throw new Error(`--${name} is required`);
  return v;
}

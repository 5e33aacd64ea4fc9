import type { GuestAccess } from './guest.js';

/** What a command sees of the session. */
export interface CommandContext {
  guest: GuestAccess;
  user: string;
  bootedAt: number;
}

/** The result of one command line: text to print (with CRLF), and whether the shell ends. */
export interface CommandResult {
  output: string;
  clear?: boolean;
  logout?: boolean;
}

/** The guest's os-release, derived from its pretty name ("Debian GNU/Linux 12 (bookworm)"). */
export function osRelease(pretty: string): string {
  const version = /\d+(\.\d+)*/.exec(pretty)?.[0];
  const name = (version ? pretty.slice(0, pretty.indexOf(version)) : pretty).trim() || pretty;
  const codename = /\(([^)]+)\)/.exec(pretty)?.[1];
  const id = (name.split(/\s+/)[0] ?? 'linux').toLowerCase();
  const lines = [`PRETTY_NAME="${pretty}"`, `NAME="${name}"`];
  if (version) lines.push(`VERSION_ID="${version.split('.').slice(0, 2).join('.')}"`);
  if (codename) lines.push(`VERSION_CODENAME=${codename}`);
  lines.push(`ID=${id}`);
  return lines.join('\r\n') + '\r\n';
}

function home(user: string): string {
  return user === 'root' ? '/root' : `/home/${user}`;
}

function uptime(bootedAt: number): string {
  const now = new Date();
  const minutes = Math.floor((Date.now() - bootedAt) / 60_000);
  const up = minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
  const clock = now.toISOString().slice(11, 19);
  return ` ${clock} up ${up},  1 user,  load average: 0.00, 0.00, 0.00\r\n`;
}

const HELP =
  'A simulated shell of the Nimbus Proxmox emulator: nothing here runs for real.\r\n' +
  'It knows: hostname whoami id uname [-a] cat /etc/os-release uptime ip a\r\n' +
  '          echo pwd ls clear help exit logout\r\n';

function ipAddr(): string {
  return (
    '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN\r\n' +
    '    inet 127.0.0.1/8 scope host lo\r\n' +
    '2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UP\r\n' +
    '    link/ether bc:24:11:00:00:01 brd ff:ff:ff:ff:ff:ff\r\n'
  );
}

/** Runs one command line of the simulated shell. */
export function runCommand(line: string, ctx: CommandContext): CommandResult {
  const [cmd = '', ...args] = line.trim().split(/\s+/);
  const host = ctx.guest.hostname();
  switch (cmd) {
    case '':
      return { output: '' };
    case 'hostname':
      return { output: `${host}\r\n` };
    case 'whoami':
      return { output: `${ctx.user}\r\n` };
    case 'id': {
      const uid = ctx.user === 'root' ? 0 : 1000;
      return { output: `uid=${uid}(${ctx.user}) gid=${uid}(${ctx.user}) groups=${uid}(${ctx.user})\r\n` };
    }
    case 'uname':
      return {
        output: args.includes('-a') ? `Linux ${host} 6.1.0-nimbus-sim #1 SMP x86_64 GNU/Linux\r\n` : 'Linux\r\n',
      };
    case 'cat':
      if (args[0] === '/etc/os-release' || args[0] === '/usr/lib/os-release')
        return { output: osRelease(ctx.guest.osPrettyName()) };
      if (args[0] === '/etc/hostname') return { output: `${host}\r\n` };
      return { output: `cat: ${args[0] ?? ''}: No such file or directory\r\n` };
    case 'uptime':
      return { output: uptime(ctx.bootedAt) };
    case 'ip':
      return { output: args[0] === 'a' || args[0] === 'addr' ? ipAddr() : 'Usage: ip a\r\n' };
    case 'echo':
      return { output: `${args.join(' ')}\r\n` };
    case 'pwd':
      return { output: `${home(ctx.user)}\r\n` };
    case 'ls':
      return { output: args[0] === '/' ? 'bin  boot  dev  etc  home  lib  root  tmp  usr  var\r\n' : '' };
    case 'clear':
      return { output: '', clear: true };
    case 'help':
      return { output: HELP };
    case 'exit':
    case 'logout':
      return { output: 'logout\r\n', logout: true };
    default:
      return { output: `-bash: ${cmd}: command not found\r\n` };
  }
}

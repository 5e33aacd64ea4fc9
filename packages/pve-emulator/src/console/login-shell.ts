import type { GuestAccess } from './guest.js';
import { runCommand } from './shell-commands.js';

type Phase = 'login' | 'password' | 'shell';

const CLEAR = '\x1b[H\x1b[2J';

/**
 * The simulated getty + login + shell both consoles run. It takes what a terminal sends
 * (keystrokes as bytes: CR for Enter, DEL or BS for Backspace, ETX for Ctrl+C) and writes what a
 * tty would show back, doing its own echo the way the kernel's line discipline does.
 */
export class LoginShell {
  private phase: Phase = 'login';
  private line = '';
  private user = '';
  /** Where we are in an escape sequence: just after ESC, or inside ESC [ / ESC O. */
  private escape: 'esc' | 'seq' | null = null;
  private lastWasCr = false;
  private readonly bootedAt = Date.now();

  constructor(
    private readonly guest: GuestAccess,
    private readonly out: (text: string) => void,
    private readonly tty: string,
  ) {}

  /** Prints the banner and the first login prompt. */
  start(): void {
    this.banner();
    this.prompt();
  }

  /** Feeds terminal input. */
  input(data: string): void {
    for (const ch of data) this.key(ch);
  }

  private key(ch: string): void {
    const afterCr = this.lastWasCr;
    this.lastWasCr = ch === '\r';
    // Escape sequences (arrow keys and the like) are swallowed: there is no history or editing.
    if (this.escape === 'esc' && (ch === '[' || ch === 'O')) {
      this.escape = 'seq';
      return;
    }
    if (this.escape === 'seq') {
      if (!/[0-9;]/.test(ch)) this.escape = null;
      return;
    }
    this.escape = null;
    if (ch === '\x1b') this.escape = 'esc';
    else if (ch === '\r') this.enter();
    else if (ch === '\n') {
      if (!afterCr) this.enter();
    } else if (ch === '\x7f' || ch === '\b') this.backspace();
    else if (ch === '\x03') this.cancel();
    else if (ch === '\x04') this.endOfFile();
    else if (ch === '\x0c') this.redraw();
    else if (ch === '\x15') this.killLine();
    else if (ch >= ' ') {
      this.line += ch;
      if (this.phase !== 'password') this.out(ch);
    }
  }

  private prompt(): void {
    if (this.phase === 'login') this.out(`${this.guest.hostname()} login: `);
    else if (this.phase === 'password') this.out('Password: ');
    else
      this.out(
        this.user === 'root' ? `root@${this.guest.hostname()}:~# ` : `${this.user}@${this.guest.hostname()}:~$ `,
      );
  }

  private enter(): void {
    const line = this.line;
    this.line = '';
    this.out('\r\n');
    if (this.phase === 'login') {
      if (line.trim() !== '') {
        this.user = line.trim();
        this.phase = 'password';
      }
    } else if (this.phase === 'password') {
      this.finishLogin(line);
    } else {
      this.runLine(line);
    }
    this.prompt();
  }

  private finishLogin(password: string): void {
    if (!this.guest.checkLogin(this.user, password)) {
      this.out('\r\nLogin incorrect\r\n');
      this.phase = 'login';
      return;
    }
    this.phase = 'shell';
    this.out(
      `Linux ${this.guest.hostname()} 6.1.0-nimbus-sim x86_64\r\n\r\n` +
        `Welcome to ${this.guest.osPrettyName()}.\r\n` +
        'Simulated shell of the Nimbus Proxmox emulator; "help" lists what it knows.\r\n\r\n',
    );
  }

  private runLine(line: string): void {
    const result = runCommand(line, { guest: this.guest, user: this.user, bootedAt: this.bootedAt });
    if (result.clear) this.out(CLEAR);
    this.out(result.output);
    if (result.logout) this.logout();
  }

  private banner(): void {
    this.out(
      `\r\n${this.guest.osPrettyName()} ${this.guest.hostname()} ${this.tty}\r\n` +
        'Simulated console of the Nimbus Proxmox emulator (not a real machine).\r\n\r\n',
    );
  }

  private backspace(): void {
    if (this.line === '') return;
    this.line = this.line.slice(0, -1);
    if (this.phase !== 'password') this.out('\b \b');
  }

  private killLine(): void {
    if (this.phase !== 'password') this.out('\b \b'.repeat(this.line.length));
    this.line = '';
  }

  private cancel(): void {
    this.line = '';
    this.out('^C\r\n');
    // Ctrl+C at the password prompt abandons the login, as agetty does.
    if (this.phase === 'password') this.phase = 'login';
    this.prompt();
  }

  private endOfFile(): void {
    if (this.line !== '' || this.phase !== 'shell') return;
    this.out('\r\n');
    this.logout();
    this.prompt();
  }

  private redraw(): void {
    this.out(CLEAR);
    this.prompt();
    if (this.phase !== 'password') this.out(this.line);
  }

  /** Back to the login prompt, as getty respawns after the shell ends. */
  private logout(): void {
    this.phase = 'login';
    this.user = '';
    this.out(CLEAR);
    this.banner();
  }
}

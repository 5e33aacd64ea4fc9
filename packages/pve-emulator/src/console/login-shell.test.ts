import { describe, expect, it } from 'vitest';
import { testGuest } from '../../test/console/fixtures.js';
import { CONTROL_KEYS, keysymToInput } from './keysyms.js';
import { LoginShell } from './login-shell.js';
import { TextScreen } from './screen.js';
import { osRelease } from './shell-commands.js';

/** A shell drawing on an 80x25 screen, as the VNC console runs it. */
function session(user = 'debian', password = 's3cret-pass'): { screen: TextScreen; shell: LoginShell } {
  const screen = new TextScreen(80, 25);
  const shell = new LoginShell(testGuest({ user, password }), (t) => screen.write(t), 'tty1');
  shell.start();
  shell.input(`${user}\r${password}\r`);
  return { screen, shell };
}

const lastLine = (screen: TextScreen): string => screen.text().trimEnd().split('\n').pop() ?? '';

describe('simulated login shell', () => {
  it('gives root a # prompt', () => {
    const { screen } = session('root', 'toor');
    expect(lastLine(screen)).toBe('root@web-1:~#');
  });

  it('edits the line with Backspace and Ctrl+U, and ignores arrow keys', () => {
    const { screen, shell } = session();
    shell.input('whoamx\x7fi\x1b[A\x1b[D\r');
    expect(screen.text()).toContain('$ whoami\ndebian\n');
    shell.input('garbage\x15hostname\r');
    expect(screen.text()).toContain('$ hostname\nweb-1\n');
  });

  it('clears the screen with "clear" and Ctrl+L', () => {
    const { screen, shell } = session();
    shell.input('clear\r');
    expect(screen.text().trim()).toBe('debian@web-1:~$');
    shell.input('echo hi\r');
    shell.input('pw\x0c');
    expect(screen.text().trim()).toBe('debian@web-1:~$ pw');
  });

  it('logs out on Ctrl+D and asks for a login again; an empty login name just re-prompts', () => {
    const { screen, shell } = session();
    shell.input('\x04');
    expect(lastLine(screen)).toBe('web-1 login:');
    shell.input('\r');
    expect(lastLine(screen)).toBe('web-1 login:');
  });

  it('abandons the login on Ctrl+C at the password prompt', () => {
    const screen = new TextScreen(80, 25);
    const shell = new LoginShell(testGuest(), (t) => screen.write(t), 'tty1');
    shell.start();
    shell.input('debian\rsecr\x03');
    expect(lastLine(screen)).toBe('web-1 login:');
  });

  it('scrolls when output passes the bottom row', () => {
    const { screen, shell } = session();
    for (let i = 0; i < 30; i++) shell.input(`echo line-${i}\r`);
    const lines = screen.text().split('\n');
    expect(lines).toHaveLength(25);
    expect(lines[23]).toBe('line-29');
  });
});

describe('os-release from the pretty name', () => {
  it('parses Debian and Ubuntu names', () => {
    expect(osRelease('Debian GNU/Linux 12 (bookworm)')).toContain('VERSION_CODENAME=bookworm\r\nID=debian');
    const ubuntu = osRelease('Ubuntu 24.04.1 LTS');
    expect(ubuntu).toContain('NAME="Ubuntu"\r\nVERSION_ID="24.04"');
    expect(ubuntu).toContain('ID=ubuntu');
  });
});

describe('keysyms', () => {
  it('maps X11 keysyms to what a terminal sends', () => {
    expect(keysymToInput(0x41, false)).toBe('A');
    expect(keysymToInput(0xff0d, false)).toBe('\r');
    expect(keysymToInput(0xff08, false)).toBe('\x7f');
    expect(keysymToInput(0x63, true)).toBe('\x03');
    expect(keysymToInput(0xffb5, false)).toBe('5');
    expect(keysymToInput(0xffe1, false)).toBe(''); // Shift alone types nothing
    expect(CONTROL_KEYS.has(0xffe3)).toBe(true);
  });
});

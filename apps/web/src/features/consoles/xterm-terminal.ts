// xterm.js and its stylesheet, imported only by the terminal page (a chunk of its own).
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';

/** A terminal in `el` that fills it; `fit()` refits it to the element's size. */
export function createTerminal(el: HTMLElement, label: string) {
  const term = new Terminal({
    cursorBlink: true,
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    fontSize: 14,
    scrollback: 5000,
    theme: { background: '#000000', foreground: '#d0d0d0' },
  });
  const fitAddon = new FitAddon();
  term.loadAddon(fitAddon);
  term.open(el);
  term.textarea?.setAttribute('aria-label', label);
  const fit = () => {
    // A hidden or zero-sized element has no geometry to fit to.
    if (el.clientWidth > 0 && el.clientHeight > 0) fitAddon.fit();
  };
  fit();
  return { term, fit };
}

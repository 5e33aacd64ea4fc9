/**
 * A character grid that understands the little terminal output the simulated shell writes:
 * printable ASCII, CR, LF, BS and the ANSI sequences ESC[H, ESC[2J, ESC[K (others are dropped).
 * It records which rows changed so the RFB server can send only those.
 */
export class TextScreen {
  readonly cols: number;
  readonly rows: number;
  private cells: string[][];
  private dirty: boolean[];
  cursorX = 0;
  cursorY = 0;
  private escape: string | null = null;

  constructor(cols: number, rows: number) {
    this.cols = cols;
    this.rows = rows;
    this.cells = Array.from({ length: rows }, () => Array<string>(cols).fill(' '));
    this.dirty = Array<boolean>(rows).fill(true);
  }

  /** The character at a cell (space when empty). */
  charAt(x: number, y: number): string {
    return this.cells[y]?.[x] ?? ' ';
  }

  /** The screen as text, one line per row with trailing spaces removed. */
  text(): string {
    return this.cells.map((row) => row.join('').trimEnd()).join('\n');
  }

  /** Interprets terminal output. */
  write(data: string): void {
    for (const ch of data) {
      if (this.escape !== null) this.escapeChar(ch);
      else if (ch === '\x1b') this.escape = '';
      else if (ch === '\r') this.moveCursor(0, this.cursorY);
      else if (ch === '\n') this.lineFeed();
      else if (ch === '\b') this.moveCursor(Math.max(0, this.cursorX - 1), this.cursorY);
      else if (ch >= ' ') this.put(ch);
    }
  }

  /** Rows changed since the last call, which clears them. */
  takeDirtyRows(): number[] {
    const rows = this.dirty.flatMap((d, i) => (d ? [i] : []));
    this.dirty.fill(false);
    return rows;
  }

  private escapeChar(ch: string): void {
    const seq = this.escape + ch;
    if (seq === '[' || /^\[[0-9;?]*$/.test(seq)) {
      this.escape = seq;
      return;
    }
    this.escape = null;
    if (seq === '[H' || seq === '[1;1H') this.moveCursor(0, 0);
    else if (seq === '[2J') this.clear();
    else if (seq === '[K' || seq === '[0K') this.eraseToEol();
  }

  private put(ch: string): void {
    if (this.cursorX >= this.cols) {
      this.cursorX = 0;
      this.lineFeed();
    }
    const row = this.cells[this.cursorY];
    if (row) row[this.cursorX] = ch;
    this.dirty[this.cursorY] = true;
    this.cursorX++;
  }

  private lineFeed(): void {
    if (this.cursorY < this.rows - 1) {
      this.moveCursor(this.cursorX, this.cursorY + 1);
      return;
    }
    this.cells.shift();
    this.cells.push(Array<string>(this.cols).fill(' '));
    this.dirty.fill(true);
  }

  private moveCursor(x: number, y: number): void {
    // The cursor is drawn, so both the old and the new cell must be redrawn.
    this.dirty[this.cursorY] = true;
    this.cursorX = x;
    this.cursorY = y;
    this.dirty[y] = true;
  }

  private clear(): void {
    for (const row of this.cells) row.fill(' ');
    this.dirty.fill(true);
  }

  private eraseToEol(): void {
    this.cells[this.cursorY]?.fill(' ', this.cursorX);
    this.dirty[this.cursorY] = true;
  }
}

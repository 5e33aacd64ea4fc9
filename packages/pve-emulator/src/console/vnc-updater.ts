import { SERVER_FORMAT, type PixelFormat } from './pixel-format.js';
import { CELL_H, renderRect } from './render.js';
import type { TextScreen } from './screen.js';

type Rect = { x: number; y: number; w: number; h: number };

/**
 * Decides when to send FramebufferUpdates: only in answer to a request, the whole framebuffer for
 * a non-incremental one, and for an incremental one the changed text rows as soon as there are any.
 */
export class VncUpdater {
  private format: PixelFormat = SERVER_FORMAT;
  private pending = false;
  private full = false;
  private scheduled: NodeJS.Immediate | undefined;

  constructor(
    private readonly screen: TextScreen,
    private readonly width: number,
    private readonly height: number,
    private readonly showCursor: boolean,
    private readonly send: (bytes: Buffer) => void,
  ) {}

  /** Pixels from now on are sent in this format. */
  setFormat(pf: PixelFormat): void {
    this.format = pf;
  }

  /** Handles a FramebufferUpdateRequest (its region is ignored: a text console is small). */
  request(incremental: boolean): void {
    this.pending = true;
    if (!incremental) this.full = true;
    this.schedule();
  }

  /** Writes terminal output to the screen and sends the change if the client is waiting for one. */
  write(text: string): void {
    this.screen.write(text);
    this.schedule();
  }

  /** Cancels a pending send; the socket is gone. */
  stop(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
  }

  // Deferred so that a burst of writes (a command's output) goes out as one update.
  private schedule(): void {
    this.scheduled ??= setImmediate(() => {
      this.scheduled = undefined;
      this.flush();
    });
  }

  private flush(): void {
    if (!this.pending) return;
    const rows = this.screen.takeDirtyRows();
    let rects: Rect[];
    if (this.full) {
      rects = [{ x: 0, y: 0, w: this.width, h: this.height }];
    } else {
      if (rows.length === 0) return;
      rects = this.rowRuns(rows);
    }
    this.pending = false;
    this.full = false;
    const head = Buffer.alloc(4);
    head.writeUInt16BE(rects.length, 2);
    const parts: Buffer[] = [head];
    for (const r of rects) {
      const rh = Buffer.alloc(12);
      rh.writeUInt16BE(r.x, 0);
      rh.writeUInt16BE(r.y, 2);
      rh.writeUInt16BE(r.w, 4);
      rh.writeUInt16BE(r.h, 6);
      rh.writeInt32BE(0, 8); // Raw encoding
      parts.push(rh, renderRect(this.screen, r, this.format, this.showCursor));
    }
    this.send(Buffer.concat(parts));
  }

  /** Full-width rectangles, one per run of consecutive changed text rows. */
  private rowRuns(rows: number[]): Rect[] {
    const rects: Rect[] = [];
    for (const row of rows) {
      const last = rects[rects.length - 1];
      if (last && last.y + last.h === row * CELL_H) last.h += CELL_H;
      else rects.push({ x: 0, y: row * CELL_H, w: this.width, h: CELL_H });
    }
    return rects;
  }
}

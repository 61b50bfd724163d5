import { closeSync, openSync } from 'node:fs';

/**
 * A read-only file descriptor shared by the slots that serve it: open from construction, closed by the last
 * holder's release (or by a release when nobody held it). A read after that fails rather than reading another
 * file that reused the number, and the open descriptor keeps the file readable after its directory is removed.
 */
export class SharedFile {
  private fd: number | null;
  private holders = 0;

  constructor(
    path: string,
    /** What the file holds, for the error of a read after closing ("card file"). */
    private readonly label: string,
    /** Called once when the descriptor closes (to drop what was read through it). */
    private readonly onClose: () => void = () => {},
  ) {
    this.fd = openSync(path, 'r');
  }

  /** False once the descriptor was closed. */
  get open(): boolean {
    return this.fd !== null;
  }

  /** The descriptor; throws once it was closed. */
  descriptor(): number {
    if (this.fd === null) throw new Error(`${this.label} already closed`);
    return this.fd;
  }

  retain(): void {
    this.descriptor();
    this.holders++;
  }

  release(): void {
    if (this.holders > 0) this.holders--;
    if (this.holders > 0 || this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    this.onClose();
  }
}

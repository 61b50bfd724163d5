import { readSync } from 'node:fs';
import { SharedFile } from './shared-file';

/** Where a detail's bytes are, per ordinal: `spans[2d]` is its position in the file, `spans[2d + 1]` its length (-1: none). */
export type DetailSpans = Float64Array;

/** A span's length that stands for "no detail kept". */
export const NO_DETAIL = -1;

/**
 * The details a full build kept beside its documents: opaque bytes per document (a product page's source), written
 * while the build was staged and read by ordinal when asked for, one positioned read each. Not kept in memory:
 * they are several times the cards' bytes, and whoever reads one keeps what it builds from it.
 */
export class DetailFile {
  private readonly file: SharedFile;

  constructor(
    path: string,
    private readonly spans: DetailSpans,
  ) {
    this.file = new SharedFile(path, 'detail file');
  }

  /** The detail of `ordinal`, or null when the build kept none for it. */
  detail(ordinal: number): Uint8Array | null {
    const length = this.spans[2 * ordinal + 1];
    if (length === undefined || length < 0) return null;
    const bytes = Buffer.allocUnsafe(length);
    readSync(this.file.descriptor(), bytes, 0, length, this.spans[2 * ordinal] as number);
    return bytes;
  }

  retain(): void {
    this.file.retain();
  }

  release(): void {
    this.file.release();
  }
}

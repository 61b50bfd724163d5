/** An append-only Uint32 buffer that doubles as it grows: building postings without JS arrays of numbers. */
export class GrowableU32 {
  private data = new Uint32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }

  get(i: number): number {
    return this.data[i] as number;
  }

  set(i: number, value: number): void {
    this.data[i] = value;
  }

  increment(i: number): void {
    this.data[i] = (this.data[i] as number) + 1;
  }

  /** A compact copy holding exactly the pushed values. */
  toArray(): Uint32Array {
    return this.data.slice(0, this.length);
  }
}

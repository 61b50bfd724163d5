/** Element types a snapshot stores. */
export type ArrayKind = 'u8' | 'u16' | 'u32' | 'i32' | 'f64';

type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

/** Where one array sits in the binary file (byte offset, element count). */
export interface ArrayEntry {
  name: string;
  kind: ArrayKind;
  offset: number;
  length: number;
}

const ALIGN = 8;

function kindOf(array: TypedArray): ArrayKind {
  if (array instanceof Uint8Array) return 'u8';
  if (array instanceof Uint16Array) return 'u16';
  if (array instanceof Uint32Array) return 'u32';
  if (array instanceof Int32Array) return 'i32';
  return 'f64';
}

/** Zero bytes that pad an array to the next 8-byte boundary. */
const PADDING = new Uint8Array(ALIGN);

/** Collects named typed arrays into one 8-byte-aligned layout so loading is views, not parsing. */
export class ArrayPacker {
  private readonly entries: ArrayEntry[] = [];
  private readonly arrays: TypedArray[] = [];
  private size = 0;

  add(name: string, array: TypedArray): void {
    this.entries.push({ name, kind: kindOf(array), offset: this.size, length: array.length });
    this.arrays.push(array);
    this.size += Math.ceil(array.byteLength / ALIGN) * ALIGN;
  }

  /**
   * The packed file as pieces to write one after another (each array's own bytes, then its padding), and the
   * table of contents. Not one buffer: a copy of a large index's arrays (600 MB at a million documents) is
   * external memory V8 marks the whole heap for, every 64 MB of it.
   */
  finish(): { pieces: Uint8Array[]; entries: ArrayEntry[] } {
    const pieces: Uint8Array[] = [];
    for (const array of this.arrays) {
      pieces.push(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
      const padding = (ALIGN - (array.byteLength % ALIGN)) % ALIGN;
      if (padding > 0) pieces.push(PADDING.subarray(0, padding));
    }
    return { pieces, entries: this.entries };
  }
}

/** Zero-copy views over a packed buffer (which must start 8-byte aligned). */
export class ArrayUnpacker {
  private readonly byName: Map<string, ArrayEntry>;

  constructor(
    private readonly buffer: ArrayBuffer,
    private readonly base: number,
    entries: readonly ArrayEntry[],
  ) {
    this.byName = new Map(entries.map((entry) => [entry.name, entry]));
  }

  u8(name: string): Uint8Array {
    const e = this.entry(name, 'u8');
    return new Uint8Array(this.buffer, this.base + e.offset, e.length);
  }

  u16(name: string): Uint16Array {
    const e = this.entry(name, 'u16');
    return new Uint16Array(this.buffer, this.base + e.offset, e.length);
  }

  u32(name: string): Uint32Array {
    const e = this.entry(name, 'u32');
    return new Uint32Array(this.buffer, this.base + e.offset, e.length);
  }

  i32(name: string): Int32Array {
    const e = this.entry(name, 'i32');
    return new Int32Array(this.buffer, this.base + e.offset, e.length);
  }

  f64(name: string): Float64Array {
    const e = this.entry(name, 'f64');
    return new Float64Array(this.buffer, this.base + e.offset, e.length);
  }

  private entry(name: string, kind: ArrayKind): ArrayEntry {
    const entry = this.byName.get(name);
    if (entry === undefined || entry.kind !== kind) throw new Error(`snapshot is missing ${kind} array "${name}"`);
    return entry;
  }
}

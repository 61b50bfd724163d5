// The few WebAssembly globals the engine uses. Node has them all, but TypeScript declares them only in its DOM lib,
// which would declare a browser's globals too.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
  }
  class Instance {
    constructor(module: Module, imports: Record<string, Record<string, Memory | ((...args: number[]) => number)>>);
    readonly exports: Record<string, Memory | ((...args: number[]) => number | undefined)>;
  }
}

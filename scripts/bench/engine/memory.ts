/**
 * Heap plus off-heap memory after a forced collection (needs --expose-gc; otherwise a best effort). Off-heap is
 * `external`: array buffers and WebAssembly memories (which `arrayBuffers` leaves out) and the few native objects
 * V8 accounts for beside them.
 */
export function settledMemory(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc !== undefined) {
    gc();
    gc();
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

export function canMeasureMemory(): boolean {
  return typeof (globalThis as { gc?: unknown }).gc === 'function';
}

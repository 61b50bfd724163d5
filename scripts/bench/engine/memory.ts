/** Heap plus off-heap buffers after a forced collection (needs --expose-gc; otherwise a best effort). */
export function settledMemory(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc !== undefined) {
    gc();
    gc();
  }
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

export function canMeasureMemory(): boolean {
  return typeof (globalThis as { gc?: unknown }).gc === 'function';
}

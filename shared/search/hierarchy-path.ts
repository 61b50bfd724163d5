import { HIERARCHY_SEPARATOR } from './document';

/** Parent of a hierarchy path ("shoes/running" -> "shoes"), or null for a root. */
export function parentPath(path: string): string | null {
  const cut = path.lastIndexOf(HIERARCHY_SEPARATOR);
  return cut > 0 ? path.slice(0, cut) : null;
}

/** Depth of a path, 1 for a root; capped at 65,535 because the embedded engine stores depths in 16 bits and both engines must agree. */
export function pathDepth(path: string): number {
  return Math.min(path.split(HIERARCHY_SEPARATOR).length, 65_535);
}

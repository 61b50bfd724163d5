import { HIERARCHY_SEPARATOR } from './document';

/** Parent of a hierarchy path ("shoes/running" -> "shoes"), or null for a root. */
export function parentPath(path: string): string | null {
  const cut = path.lastIndexOf(HIERARCHY_SEPARATOR);
  return cut > 0 ? path.slice(0, cut) : null;
}

/** Depth of a path, 1 for a root; capped at 65,535 because the embedded engine stores depths in 16 bits and both engines must agree. */
export function pathDepth(path: string): number {
  let depth = 1;
  for (let at = path.indexOf(HIERARCHY_SEPARATOR); at !== -1; at = path.indexOf(HIERARCHY_SEPARATOR, at + 1)) depth++;
  return Math.min(depth, 65_535);
}

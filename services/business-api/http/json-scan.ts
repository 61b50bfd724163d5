/**
 * Walks of parsed JSON without recursion: a request body is attacker-controlled, and a recursive walk of
 * 3,000 nested arrays overflows the stack. Each walk keeps its own stack of frames; a frame points to its parent
 * instead of copying its path, since copying makes a walk of n levels cost n² (100,000 levels: minutes).
 */

/** The deepest a request body may nest; the spec's bodies need 3 levels (`$.lines[0].qty`), so 32 leaves room. */
export const MAX_BODY_DEPTH = 32;

type Frame = { value: unknown; parent: Frame | null; key: PropertyKey; depth: number };

const root = (value: unknown): Frame => ({ value, parent: null, key: '', depth: 0 });

/** The keys from the root to `frame`. */
function pathOf(frame: Frame): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Frame | null = frame; at !== null && at.parent !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/** Pushes the children of an array or object onto `stack`, last first, so they pop in document order. */
function pushChildren(stack: Frame[], frame: Frame): void {
  const { value, depth } = frame;
  // Entries are listed first and pushed one by one: spreading 100,000 items into push() would overflow too.
  const entries: [PropertyKey, unknown][] = Array.isArray(value)
    ? value.map((item: unknown, i) => [i, item])
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
      : [];
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const [key, item] = entries[i] as [PropertyKey, unknown];
    stack.push({ value: item, parent: frame, key, depth: depth + 1 });
  }
}

/**
 * Whether `value` nests containers more than `limit` levels deep (a scalar is depth 0, `[]` is 1). Stops at the
 * first container past the limit, so a hostile body costs at most `limit` levels of work per branch.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Frame[] = [root(value)];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    const isContainer = typeof frame.value === 'object' && frame.value !== null;
    if (isContainer && frame.depth + 1 > limit) return true;
    pushChildren(stack, frame);
  }
  return false;
}

/** The paths of every string holding `needle`, in document order. */
export function pathsOfStringsContaining(value: unknown, needle: string): PropertyKey[][] {
  const found: PropertyKey[][] = [];
  const stack: Frame[] = [root(value)];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (typeof frame.value === 'string') {
      if (frame.value.includes(needle)) found.push(pathOf(frame));
    } else {
      pushChildren(stack, frame);
    }
  }
  return found;
}

import { createAnalyzer, type Analyzer } from '../../analysis/analyzer';
import type { KeptDocument } from '../kept-document';
import type { IndexSettings } from '../../index-settings';
import { createBitset, setList } from '../bitset';
import { buildIndex } from '../build/build-index';
import type { IndexData } from '../index-data';
import { ordinalOf } from '../query/binary-search';
import { IndexRuntime } from '../query/index-runtime';
import { LiveIndex } from '../query/live-index';

/**
 * The changes since a base build: the new versions of changed documents (the overlay), the base ordinals they
 * replaced or deleted, and the surfaces those base documents held (so typo matching forgets surfaces no live
 * document still has).
 */
export interface DeltaState {
  overlay: Map<string, KeptDocument>;
  removed: Set<number>;
  loss: Map<string, Map<number, number>>;
}

export const emptyDelta = (): DeltaState => ({ overlay: new Map(), removed: new Set(), loss: new Map() });

export { ordinalOf };

/**
 * Applies staged writes (id -> new version, or null for a delete) to the delta: work in proportion to the
 * writes. `baseVersion` returns a base document's indexed version (needed once, when it is first replaced).
 */
export function applyChanges(
  base: IndexData,
  delta: DeltaState,
  changes: ReadonlyMap<string, KeptDocument | null>,
  baseVersion: (id: string) => KeptDocument | undefined,
): void {
  const analyzers = new Map<string, Analyzer>();
  for (const [id, doc] of changes) {
    const ordinal = ordinalOf(base.ids, id);
    if (ordinal >= 0 && !delta.removed.has(ordinal)) {
      delta.removed.add(ordinal);
      const old = baseVersion(id);
      if (old !== undefined) addLoss(base, delta.loss, old, analyzers);
    }
    if (doc === null) delta.overlay.delete(id);
    else delta.overlay.set(id, doc);
  }
}

/** Counts, per language, the base surfaces a removed document held (once per document, as the build counts them). */
function addLoss(
  base: IndexData,
  loss: Map<string, Map<number, number>>,
  doc: KeptDocument,
  analyzers: Map<string, Analyzer>,
): void {
  for (const [language, text] of base.text) {
    const fields = doc.text[language];
    if (fields === undefined) continue;
    let analyzer = analyzers.get(language);
    if (analyzer === undefined) {
      analyzer = createAnalyzer(language);
      analyzers.set(language, analyzer);
    }
    const surfaces = new Set<number>();
    for (const field of [fields.name, fields.brand, fields.description]) {
      for (const token of analyzer.analyze(field)) {
        const id = text.surfaceIds.get(token.surface);
        if (id !== undefined) surfaces.add(id);
      }
    }
    let lost = loss.get(language);
    if (lost === undefined) {
      lost = new Map();
      loss.set(language, lost);
    }
    for (const id of surfaces) lost.set(id, (lost.get(id) ?? 0) + 1);
  }
}

/** The live index of a base and its delta: the base alone when nothing changed, else base minus removed plus overlay. */
export function liveIndexOf(base: IndexRuntime, delta: DeltaState, overlay: IndexData | null): LiveIndex {
  if (delta.removed.size === 0 && (overlay === null || overlay.docCount === 0)) return new LiveIndex([base]);
  const list = Uint32Array.from(delta.removed).sort();
  const bits = createBitset(base.data.docCount);
  setList(bits, list, 0, list.length);
  const segments = [new IndexRuntime(base.data, { bits, list }, base)];
  if (overlay !== null && overlay.docCount > 0) segments.push(new IndexRuntime(overlay));
  return new LiveIndex(segments, delta.loss);
}

/** The overlay segment of a delta (a small build of the changed documents), analysing text with `analyzerOf`. */
export function buildOverlay(
  delta: DeltaState,
  settings: IndexSettings,
  analyzerOf?: (language: string) => Analyzer,
): IndexData {
  return buildIndex([...delta.overlay.values()], settings, analyzerOf);
}

/** When a delta should be merged into a new base: the overlay's cost per refresh grows with it. */
export interface MergePolicy {
  /** Never merge below this many changed documents. */
  minDocs: number;
  /** Merge once changes exceed this share of the base. */
  share: number;
}

export const DEFAULT_MERGE: MergePolicy = { minDocs: 1000, share: 0.02 };

export function needsMerge(baseDocs: number, delta: DeltaState, policy: MergePolicy): boolean {
  return Math.max(delta.overlay.size, delta.removed.size) > Math.max(policy.minDocs, baseDocs * policy.share);
}

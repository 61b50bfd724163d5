import type { SearchDocument } from '../../document';
import { MemoryCards, type CardStore } from '../card-store';

/** A document's card bytes when they were serialised already (by a DocumentSpool), else undefined. */
export type CardBytes = (doc: SearchDocument) => Uint8Array | undefined;

/** Cards serialised once into one buffer: far less heap than 100k live objects, and a snapshot is a copy. */
export function buildCards(docs: readonly SearchDocument[], known: CardBytes = () => undefined): CardStore {
  const encoder = new TextEncoder();
  const chunks = docs.map((doc) => known(doc) ?? encoder.encode(JSON.stringify(doc.card)));
  // Float64 offsets: a million cards can pass 4 GB of JSON long before anything else does.
  const offsets = new Float64Array(docs.length + 1);
  for (let i = 0; i < chunks.length; i++) offsets[i + 1] = (offsets[i] as number) + (chunks[i] as Uint8Array).length;
  const bytes = new Uint8Array(offsets[docs.length] as number);
  for (let i = 0; i < chunks.length; i++) bytes.set(chunks[i] as Uint8Array, offsets[i] as number);
  return new MemoryCards(bytes, offsets);
}

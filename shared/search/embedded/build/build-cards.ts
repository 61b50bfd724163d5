import { MemoryCards, type CardStore } from '../card-store';
import type { KeptDocument } from '../kept-document';

/** A document's card bytes when they were serialised already (by a DocumentSpool, or a base), else undefined. */
export type CardBytes = (doc: KeptDocument) => Uint8Array | undefined;

/**
 * Cards serialised once into one buffer: far less heap than 100k live objects, and a snapshot is a copy. A
 * document kept without its card must have its bytes in `known`.
 */
export function buildCards(docs: readonly KeptDocument[], known: CardBytes = () => undefined): CardStore {
  const encoder = new TextEncoder();
  const chunks = docs.map((doc) => {
    const bytes = known(doc);
    if (bytes !== undefined) return bytes;
    if (doc.card === undefined) throw new Error(`document ${doc.id} has neither its card nor its card's bytes`);
    return encoder.encode(JSON.stringify(doc.card));
  });
  // Float64 offsets: a million cards can pass 4 GB of JSON long before anything else does.
  const offsets = new Float64Array(docs.length + 1);
  for (let i = 0; i < chunks.length; i++) offsets[i + 1] = (offsets[i] as number) + (chunks[i] as Uint8Array).length;
  const bytes = new Uint8Array(offsets[docs.length] as number);
  for (let i = 0; i < chunks.length; i++) bytes.set(chunks[i] as Uint8Array, offsets[i] as number);
  return new MemoryCards(bytes, offsets);
}

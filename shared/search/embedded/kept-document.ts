import type { SearchDocument } from '../document';

/**
 * A document as the embedded writer keeps it. A full build's DocumentSpool serialises each card once, and the
 * writer keeps the document without its card object, about 30% of a document's heap: a million staged documents
 * are a heap the collector marks again and again while the build allocates. Such a card's bytes are the spool's
 * until the build, then the base's (see IndexSlot). Every other document keeps its card.
 */
export type KeptDocument = Omit<SearchDocument, 'card'> & { card?: SearchDocument['card'] };

/** A document's line of documents.ndjson: its fields as JSON with `cardJson` as its card, last. Pure. */
export function documentLine(doc: KeptDocument, cardJson: string): string {
  return `${lineUpToCard(JSON.stringify(doc.card === undefined ? doc : withoutCard(doc)))}${cardJson}}`;
}

/** A line's start: the JSON object `head` (a document's fields but its card) reopened for its card. Pure. */
export function lineUpToCard(head: string): string {
  return head.length > 2 ? `${head.slice(0, -1)},"card":` : '{"card":';
}

function withoutCard({ card: _card, ...rest }: KeptDocument): KeptDocument {
  return rest;
}

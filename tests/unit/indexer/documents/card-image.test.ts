import type { IndexedCard } from '../../../../indexer/documents/card';
import { projectCard } from '../../../../indexer/documents/card';
import { isSkipped, toSearchDocument } from '../../../../indexer/documents/to-search-document';
import { imageDescriptor } from '../../shared/media/descriptor-fixture';
import { CONFIG, simpleProduct } from './product-fixture';

const cardWith = (media: Parameters<typeof toSearchDocument>[3]) => {
  const doc = toSearchDocument(simpleProduct(), CONFIG, {}, media);
  if (isSkipped(doc)) throw new Error('expected a document');
  return doc.card as IndexedCard;
};

describe('the card image', () => {
  it('is the display image of the media passed in, and reaches the projected card', () => {
    const gallery = imageDescriptor({ role: 'gallery', order: 0 });
    const primary = imageDescriptor({ role: 'primary', order: 1, id: `sha256:${'d'.repeat(64)}` });
    const card = cardWith([gallery, primary]);
    expect(card.image).toEqual(primary);
    expect(projectCard(card, 'se', 'sv')?.image).toEqual(primary);
  });

  it('is null without media, or with files only', () => {
    expect(cardWith(undefined).image).toBeNull();
    expect(cardWith([imageDescriptor({ kind: 'file', widths: [], formats: [] })]).image).toBeNull();
  });
});

import { createAnalyzer, type Analyzer } from '../../analysis/analyzer';
import type { KeptDocument } from '../kept-document';
import { resolveBoosts, type IndexSettings } from '../../index-settings';
import { compareStrings } from '../../compare';
import type { IndexData, LanguageText } from '../index-data';
import { buildCards, type CardBytes } from './build-cards';
import { buildFlags, buildMarkets, buildNumbers } from './build-columns';
import { buildFacets } from './build-facets';
import {
  buildCreatedAt,
  buildNameOrders,
  buildNewestOrder,
  buildPopularity,
  buildPopularOrder,
  buildSortNames,
} from './build-orders';
import { buildSku } from './build-sku';
import { LanguageTextBuilder } from './language-text-builder';

/**
 * Builds an immutable index from validated documents (any order; ordinals follow ascending ids). `analyzerOf`
 * gives the text analyzer per language (a memoising one lets repeated builds of the same texts skip analysis);
 * `cardOf` gives card bytes serialised already.
 */
export function buildIndex(
  input: readonly KeptDocument[],
  settings: IndexSettings,
  analyzerOf: (language: string) => Analyzer = createAnalyzer,
  cardOf?: CardBytes,
): IndexData {
  const docs = [...input].sort((a, b) => compareStrings(a.id, b.id));
  const languages = [...settings.languages];
  return {
    docCount: docs.length,
    languages,
    boosts: resolveBoosts(settings),
    ids: docs.map((doc) => doc.id),
    cards: buildCards(docs, cardOf),
    markets: buildMarkets(docs),
    flags: buildFlags(docs),
    facets: buildFacets(docs, languages),
    numbers: buildNumbers(docs),
    text: new Map(languages.map((lang) => [lang, buildLanguageText(docs, lang, analyzerOf(lang))])),
    sku: buildSku(docs),
    nameOrder: buildNameOrders(docs, languages),
    newestOrder: buildNewestOrder(docs),
    popularOrder: buildPopularOrder(docs),
    createdAt: buildCreatedAt(docs),
    popularity: buildPopularity(docs),
    sortNames: buildSortNames(docs, languages),
  };
}

function buildLanguageText(docs: readonly KeptDocument[], language: string, analyzer: Analyzer): LanguageText {
  const builder = new LanguageTextBuilder(language, docs.length, analyzer);
  docs.forEach((doc, ordinal) => {
    const text = doc.text[language];
    if (text !== undefined) builder.add(ordinal, text);
  });
  return builder.finish();
}

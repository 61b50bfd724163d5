import type { Filter, Pin, SearchRequest, SynonymRewrite } from '../../../../../shared/search';
import { tokenize } from '../../../../../shared/search/analysis/tokenize';
import { WORDS } from './random-catalogue';
import { randomFilter, randomRequest } from './random-queries';
import type { Random } from './random';

/** One to three alternatives of one or two words, sometimes the original words, sometimes one without words. */
function alternatives(random: Random, language: 'en' | 'sv', original: string): string[] {
  const words = WORDS[language];
  const list = Array.from({ length: 1 + random.int(3) }, () =>
    random.chance(0.4) ? `${random.pick(words)} ${random.pick(words)}` : random.pick(words),
  );
  if (random.chance(0.5)) list.push(original);
  if (random.chance(0.05)) list.push('--');
  return list;
}

/** Non-overlapping rewrites of runs of the text's words (and now and then one past the end, which is ignored). */
function rewrites(random: Random, text: string | undefined, language: 'en' | 'sv'): SynonymRewrite[] {
  const words = tokenize(text ?? '');
  const list: SynonymRewrite[] = [];
  for (let start = 0; start < words.length; start++) {
    if (!random.chance(0.6)) continue;
    const length = start + 1 < words.length && random.chance(0.3) ? 2 : 1;
    list.push({
      start,
      length,
      alternatives: alternatives(random, language, words.slice(start, start + length).join(' ')),
    });
    start += length - 1;
  }
  if (random.chance(0.05)) list.push({ start: words.length, length: 1, alternatives: ['boot'] });
  return list;
}

/** Pins mostly at positions of the requested page (so they land on it), some anywhere up to 40. */
function pins(random: Random, ids: readonly string[], request: SearchRequest): Pin[] {
  const size = request.pageSize ?? 24;
  const from = ((request.page ?? 1) - 1) * size;
  const position = () => (random.chance(0.7) ? from + 1 + random.int(size + 2) : 1 + random.int(40));
  return Array.from({ length: random.int(5) }, () => ({
    id: random.chance(0.1) ? 'missing' : random.pick(ids),
    position: position(),
  }));
}

function filterSets(random: Random, market: string): Filter[][] {
  return Array.from({ length: random.int(3) }, () =>
    Array.from({ length: 1 + random.int(2) }, () => randomFilter(random, market)),
  );
}

/** A random request (see randomRequest) with random synonyms, pins, hidden ids, boosts and buries over `ids`. */
export function randomMerchandised(random: Random, ids: readonly string[]): SearchRequest {
  const base = randomRequest(random);
  const language = base.language === 'sv' ? 'sv' : 'en';
  const request: SearchRequest = { ...base, sort: random.chance(0.5) ? 'relevance' : base.sort };
  if (random.chance(0.5)) request.synonyms = rewrites(random, base.text, language);
  if (random.chance(0.5)) request.pins = pins(random, ids, request);
  if (random.chance(0.4)) request.hide = Array.from({ length: 1 + random.int(3) }, () => random.pick(ids));
  if (random.chance(0.5)) request.boost = filterSets(random, base.market);
  if (random.chance(0.4)) request.bury = filterSets(random, base.market);
  return request;
}

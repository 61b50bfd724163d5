import type { SearchEngine } from '../../../../../shared/search';
import { cardCases } from './card-cases';
import type { ContractContext } from './context';
import { facetCases } from './facet-cases';
import { facetPoolCases } from './facet-pool-cases';
import { filterCases } from './filter-cases';
import { foldLanguageCases } from './fold-language-cases';
import { FIXTURE_SETTINGS, fixtureDocuments } from './fixture';
import { lifecycleCases } from './lifecycle-cases';
import { merchandisingCases } from './merchandising-cases';
import { sortPagingCases } from './sort-paging-cases';
import { spellingCases } from './spelling-cases';
import { suggestCases } from './suggest-cases';
import { textCases } from './text-cases';

export interface ContractOptions {
  /** When set, the suite is skipped and this reason printed (e.g. no Elasticsearch reachable). */
  skipReason?: string;
  /** Called once after the suite (close clients, drop indices). */
  teardown?: (engine: SearchEngine) => Promise<void>;
}

/**
 * The search-port contract: every engine behind shared/search must pass it unchanged.
 * `makeEngine` returns a fresh engine; the suite creates its own uniquely named indices.
 */
export function runSearchEngineContract(
  name: string,
  makeEngine: () => Promise<SearchEngine>,
  options: ContractOptions = {},
): void {
  if (options.skipReason !== undefined) {
    console.warn(`search engine contract "${name}" skipped: ${options.skipReason}`);
    describe.skip(`search engine contract: ${name}`, () => it(`skipped: ${options.skipReason}`, () => undefined));
    return;
  }
  const run = `c${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  let engine: SearchEngine | null = null;
  let counter = 0;
  const ctx: ContractContext = {
    engine: () => {
      if (engine === null) throw new Error('engine not started');
      return engine;
    },
    target: () => `${run}-fixture`,
    unique: (prefix) => `${run}-${prefix}-${++counter}`,
  };

  describe(`search engine contract: ${name}`, () => {
    beforeAll(async () => {
      engine = await makeEngine();
      const index = `${run}-fixture-v1`;
      await engine.createIndex(index, FIXTURE_SETTINGS);
      const result = await engine.bulk(
        index,
        fixtureDocuments().map((document) => ({ action: 'index', document })),
      );
      if (result.failures.length > 0) throw new Error(`fixture rejected: ${JSON.stringify(result.failures)}`);
      await engine.refresh(index);
      await engine.swapAlias(ctx.target(), index);
    });

    afterAll(async () => {
      if (engine !== null) await (options.teardown ?? ((e) => e.close()))(engine);
    });

    filterCases(ctx);
    facetCases(ctx);
    sortPagingCases(ctx);
    cardCases(ctx);
    textCases(ctx);
    spellingCases(ctx);
    suggestCases(ctx);
    facetPoolCases(ctx);
    foldLanguageCases(ctx);
    lifecycleCases(ctx);
    merchandisingCases(ctx);
  });
}

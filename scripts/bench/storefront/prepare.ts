import type { Knex } from '../../../shared/db/knex';
import { createLogger } from '../../../shared/logger';
import { EmbeddedSearchEngine } from '../../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../../shared/search/embedded/snapshot/snapshot-store';
import { saveCollection } from '../../../shared/storefront-config/drafts';
import { publishConfig } from '../../../shared/storefront-config/publish';
import { getSite } from '../../../shared/storefront-config/site-store';
import { siteIndexNames } from '../../../indexer/runs/index-names';
import { runIndexJob } from '../../../indexer/runs/run-job';
import type { MixInputs } from './mixes';

// What the storefront bench prepares before it measures: the shop's index and collection, and the requests it
// builds from answers of the API itself.

/** The site's live index, built once (a full run) and reused while its alias names an index of this folder. */
export async function ensureIndex(db: Knex, siteId: number, snapshots: string): Promise<number> {
  const engine = new EmbeddedSearchEngine({
    aliasStore: new PgAliasStore(db),
    snapshots: new SnapshotStore(snapshots),
  });
  await engine.syncAliases();
  const alias = siteIndexNames(siteId, 'bench').alias;
  // The alias lives in the bench database, which bench:indexer shares with its own snapshot folder: it may name an
  // index this folder does not hold.
  const live = await engine.resolveAlias(alias);
  if (live === null || !(await engine.listIndices(alias)).some((index) => index.name === live)) {
    console.log('  building the index (a full run)...');
    const outcome = await runIndexJob(
      { db, engine, logger: createLogger({ name: 'bench', level: 'warn' }), gateFraction: 0 },
      { type: 'full', siteId },
      { jobId: null, attempt: 1 },
    );
    if (outcome !== 'ok') throw new Error(`full run ended ${outcome}`);
  }
  return engine.count(alias);
}

/** Facet values and words to build requests from, read through the API itself. */
export async function mixInputs(url: string, key: string): Promise<MixInputs> {
  const res = await fetch(`${url}/v1/products?pageSize=100`, { headers: { 'X-Site-Key': key } });
  if (!res.ok) throw new Error(`listing for the mixes: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    facets: { key: string; type: string; values: { value: string }[] }[];
    items: { name: string }[];
  };
  const category = body.facets.find((f) => f.type === 'hierarchy');
  const words = [...new Set(body.items.flatMap((i) => i.name.split(/\s+/)).filter((w) => w.length >= 4))];
  return {
    categoryKey: category?.key ?? null,
    categories: category?.values.map((v) => v.value) ?? [],
    brands: body.facets.find((f) => f.key === 'brand')?.values.map((v) => v.value) ?? [],
    words,
  };
}

/** The slug of the collection over the whole catalogue (the collection-page scenario). */
export const COLLECTION = 'bench-everything';

/** A collection over the whole catalogue for the collection-page scenario, added (and published) once. */
export async function ensureCollection(db: Knex, tenantId: number, siteId: number): Promise<void> {
  if ((await getSite(db, tenantId, siteId)).draft.collections.some((c) => c.slugs.sv === COLLECTION)) return;
  await saveCollection(db, tenantId, siteId, {
    slugs: { sv: COLLECTION, en: COLLECTION },
    names: { sv: 'Allt', en: 'Everything' },
    filter: { all: [] },
  });
  await publishConfig(db, tenantId, siteId, 'bench collection');
}

/**
 * Product detail paths by current slug: `count` different products, read from the listing in its sorts (a listing
 * pages at most 10,000 products deep), in the order first seen.
 */
export async function productPaths(url: string, key: string, count: number): Promise<string[]> {
  const slugs = new Set<string>();
  for (const sort of ['relevance', 'price_asc', 'price_desc', 'name_asc', 'newest']) {
    for (let page = 1; page <= 100 && slugs.size < count; page++) {
      const res = await fetch(`${url}/v1/products?pageSize=100&page=${page}&sort=${sort}`, {
        headers: { 'X-Site-Key': key },
      });
      if (!res.ok) throw new Error(`listing ${sort} page ${page}: ${res.status} ${await res.text()}`);
      for (const item of ((await res.json()) as { items: { slug: string }[] }).items) slugs.add(item.slug);
    }
  }
  return [...slugs].slice(0, count).map((slug) => `/v1/products/${encodeURIComponent(slug)}`);
}

/** The answer of median size among `paths` (listings of the mixes' kind, none of them in the Zipf mix). */
export async function medianAnswer(url: string, key: string, paths: readonly string[]): Promise<Buffer> {
  const answers = await Promise.all(
    paths.map(async (p) =>
      Buffer.from(await (await fetch(`${url}${p}`, { headers: { 'X-Site-Key': key } })).arrayBuffer()),
    ),
  );
  return answers.sort((a, b) => a.length - b.length)[Math.floor(answers.length / 2)] as Buffer;
}

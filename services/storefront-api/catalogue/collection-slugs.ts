import type { Collection } from '../../../shared/storefront-config/schemas';
import { slugKey } from '../../../shared/storefront-config/slugs/plan-slugs';
import type { SlugRow } from '../../../shared/storefront-config/slugs/slug-store';
import { slugify } from '../../../shared/storefront-config/slugs/slugify';

/** A collection a slug names, and whether that slug is one the collection answers to now (else historical). */
export interface SlugHit {
  id: number;
  current: boolean;
}

/**
 * The slugs the storefront serves for a config's collections (pure): per language, the slug publish minted
 * (storefront_slugs) while it was minted from the text the config gives, else the text slugified (a draft's
 * change not yet published, or a catalogue without rows). Every other minted slug of a collection of the config,
 * in that language, is historical. A ref is looked up as given, then slugified (so case and accents never
 * matter), current slugs before historical ones, the preferred languages first.
 */
export class CollectionSlugs {
  /** Collection id -> language -> the slug served. */
  readonly served = new Map<number, Record<string, string>>();
  private readonly current = new Map<string, number>();
  private readonly historical = new Map<string, number>();
  private readonly languages = new Set<string>();

  constructor(collections: readonly Collection[], rows: readonly SlugRow[]) {
    const minted = new Map(rows.filter((r) => r.current).map((r) => [slugKey(r.language, r.entityId), r]));
    for (const c of collections) {
      const slugs: Record<string, string> = {};
      for (const [language, text] of Object.entries(c.slugs)) {
        const base = slugify(text);
        const now = minted.get(slugKey(language, String(c.id)));
        const slug = now !== undefined && now.base === base ? now.slug : base;
        slugs[language] = slug;
        this.languages.add(language);
        if (!this.current.has(slugKey(language, slug))) this.current.set(slugKey(language, slug), c.id);
      }
      this.served.set(c.id, slugs);
    }
    for (const row of rows) {
      const id = Number(row.entityId);
      const key = slugKey(row.language, row.slug);
      if (!this.served.has(id) || this.current.has(key) || this.historical.has(key)) continue;
      this.historical.set(key, id);
      this.languages.add(row.language);
    }
  }

  /** The collection `ref` names as a slug: `language`'s first, then any other language's; undefined when none. */
  find(ref: string, language: string): SlugHit | undefined {
    const languages = [language, ...[...this.languages].filter((l) => l !== language)];
    for (const candidate of new Set([ref, slugify(ref)])) {
      for (const [map, current] of [
        [this.current, true],
        [this.historical, false],
      ] as const) {
        for (const l of languages) {
          const id = map.get(slugKey(l, candidate));
          if (id !== undefined) return { id, current };
        }
      }
    }
    return undefined;
  }
}

import type { Db } from '../../shared/db/knex';
import { loadBrandLogos } from '../../shared/media/brand-logos';
import { mediaFailure, type MediaPipeline } from '../../shared/media/pipeline';
import type { CatalogueProduct } from '../documents/catalogue-product';
import type { RunWarnings } from './write-documents';

/** The brands the products and their variants show. */
export const brandIdsOf = (products: readonly CatalogueProduct[]): number[] => [
  ...new Set(
    products
      .flatMap((p) => [p.brand, ...p.variants.map((v) => v.brand)])
      .filter((b) => b !== null)
      .map((b) => b.id),
  ),
];

/**
 * Renders the logos of the brands a run's products show, each brand once per run (a full run meets the same brands
 * in every batch). A logo that cannot be read or does not match its hash is one run warning, never a failed run;
 * an unchanged logo is not even read (its renditions exist).
 */
export class RunBrandLogos {
  private readonly seen = new Set<number>();

  constructor(private readonly deps: { db: Db; tenantId: number; media: MediaPipeline; warnings: RunWarnings }) {}

  async render(products: readonly CatalogueProduct[]): Promise<void> {
    const fresh = brandIdsOf(products).filter((id) => !this.seen.has(id));
    for (const id of fresh) this.seen.add(id);
    const { db, tenantId, media, warnings } = this.deps;
    for (const [brandId, logo] of await loadBrandLogos(db, tenantId, fresh)) {
      try {
        await media.ensure(logo);
      } catch (err) {
        const { code, reason } = mediaFailure(err);
        warnings.add({ code, detail: `brand ${brandId} logo: ${reason}` });
      }
    }
  }
}

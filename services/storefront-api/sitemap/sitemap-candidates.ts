import type { Knex } from '../../../shared/db/knex';
import type { MarketConfig } from '../../../indexer/documents/site-config';

/**
 * One page of candidate products for the market's sitemap, in id order: active roots with a current slug on the
 * site (the indexer minted one, so the URL resolves), a price on the market's list for the root or an active
 * variant, and, with `since`, some change at or after it. A superset of what the indexer's rules then keep.
 */
export async function productCandidates(
  db: Knex,
  scope: { tenantId: number; siteId: number },
  market: MarketConfig,
  since: Date | null,
  page: { offset: number; limit: number },
): Promise<number[]> {
  const changed =
    since === null
      ? ''
      : `and (p.updated_at >= :since
      or exists (select 1 from products v where v.tenant_id = p.tenant_id and v.parent_id = p.id and v.updated_at >= :since)
      or exists (select 1 from products v join prices pr on pr.tenant_id = v.tenant_id and pr.product_id = v.id
                 where v.tenant_id = p.tenant_id and (v.id = p.id or v.parent_id = p.id) and pr.updated_at >= :since)
      or exists (select 1 from product_descriptions d where d.tenant_id = p.tenant_id and d.product_id = p.id and d.updated_at >= :since))`;
  const { rows } = await db.raw<{ rows: { id: number }[] }>(
    `select p.id from products p
     where p.tenant_id = :tenantId and p.parent_id is null and p.is_active
       and exists (select 1 from storefront_slugs s where s.tenant_id = p.tenant_id and s.site_id = :siteId and s.entity_type = 'product' and s.entity_id = p.id::text and s.current)
       and exists (select 1 from products v join prices pr on pr.tenant_id = v.tenant_id and pr.product_id = v.id
                   where v.tenant_id = p.tenant_id and (v.id = p.id or v.parent_id = p.id) and v.is_active
                     and pr.price_list_id = :priceList and pr.currency_code = :currency)
       ${changed}
     order by p.id limit :limit offset :offset`,
    {
      tenantId: scope.tenantId,
      siteId: scope.siteId,
      priceList: market.priceListId,
      currency: market.currency,
      since,
      limit: page.limit,
      offset: page.offset,
    },
  );
  return rows.map((r) => r.id);
}

/**
 * When the config the request reads went live: the published version's time, or the draft's last save for a preview.
 */
export async function configTime(db: Knex, siteId: number, version: number | null): Promise<Date> {
  if (version === null)
    return (await db('storefront_sites').where({ id: siteId }).first<{ updated_at: Date }>('updated_at')).updated_at;
  return (
    await db('storefront_config_versions')
      .where({ site_id: siteId, version })
      .first<{ published_at: Date }>('published_at')
  ).published_at;
}

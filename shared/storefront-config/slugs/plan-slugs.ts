/** One entity's wish for a slug in one language, from its display text (already slugified into `base`). */
export interface SlugWant {
  entityId: string;
  language: string;
  base: string;
}

/** What the store knows for the wanted (language, entity) pairs and slugs. */
export interface SlugState {
  /** `${language}\u0000${entityId}` -> the entity's current slug in that language and the base it was minted from. */
  current: Map<string, { slug: string; base: string }>;
  /** `${language}\u0000${slug}` -> the entity that owns the slug (current or historical). */
  owners: Map<string, string>;
  /** Slugs no entity may have in any language (a route owns the path), even one it has now. */
  reserved?: ReadonlySet<string>;
}

/** A change to the store: a new slug row, or a historical slug of the same entity made current again. */
export interface SlugChange {
  entityId: string;
  language: string;
  slug: string;
  base: string;
  kind: 'mint' | 'reactivate';
}

export const slugKey = (language: string, value: string) => `${language}\u0000${value}`;

/**
 * The slug each want ends up with and the changes that takes (pure). An entity keeps its current slug while
 * its text still yields the same base; otherwise it takes the base, or the first free `base-N`, or its own
 * historical slug of that form. A slug owned by another entity, now or in the past, or reserved, is never taken
 * (and a reserved one an entity has is given up for a new one). Each
 * (entity, language) appears at most once in `wants`.
 */
export function planSlugs(
  wants: readonly SlugWant[],
  state: SlugState,
): { slugs: Map<string, string>; changes: SlugChange[] } {
  const owners = new Map(state.owners);
  const slugs = new Map<string, string>();
  const changes: SlugChange[] = [];
  for (const want of wants) {
    const id = slugKey(want.language, want.entityId);
    const current = state.current.get(id);
    if (current !== undefined && current.base === want.base && !state.reserved?.has(current.slug)) {
      slugs.set(id, current.slug);
      continue;
    }
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? want.base : `${want.base}-${n}`;
      const owner = owners.get(slugKey(want.language, candidate));
      if ((owner !== undefined && owner !== want.entityId) || state.reserved?.has(candidate)) continue;
      slugs.set(id, candidate);
      changes.push({
        entityId: want.entityId,
        language: want.language,
        slug: candidate,
        base: want.base,
        kind: owner === undefined ? 'mint' : 'reactivate',
      });
      owners.set(slugKey(want.language, candidate), want.entityId);
      break;
    }
  }
  return { slugs, changes };
}

/** The image formats renditions are made in, in the order descriptors list them (AVIF first, then JPEG). */
export const IMAGE_FORMATS = ['avif', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/**
 * How renditions are made: the widths (never wider than the source), the formats and their encoder
 * settings. A recipe is immutable once renditions exist under its number; every change is a new number,
 * so old and new renditions live side by side and descriptors announce exactly what exists.
 */
export interface Recipe {
  id: number;
  widths: readonly number[];
  formats: readonly ImageFormat[];
  avif: { quality: number; effort: number };
  jpeg: { quality: number };
  /** Alpha is flattened onto this colour for formats without it (JPEG). */
  flatten: string;
}

export const RECIPES: Readonly<Record<number, Recipe>> = {
  1: {
    id: 1,
    widths: [320, 640, 1024, 1600],
    formats: ['avif', 'jpeg'],
    avif: { quality: 50, effort: 2 },
    jpeg: { quality: 80 },
    flatten: '#ffffff',
  },
};

/** The recipe new renditions are made with. */
export const CURRENT_RECIPE = 1;

export function recipeById(id: number): Recipe | null {
  return RECIPES[id] ?? null;
}

/** The recipe new renditions are made with (CURRENT_RECIPE names one of RECIPES; a wrong number is a bug). */
export function currentRecipe(): Recipe {
  const recipe = recipeById(CURRENT_RECIPE);
  if (recipe === null) throw new Error(`CURRENT_RECIPE ${CURRENT_RECIPE} is not in RECIPES`);
  return recipe;
}

/**
 * The widths made for a source `sourceWidth` pixels wide: the recipe's widths up to the source's own (no
 * upscaling); a source narrower than every recipe width gets one rendition at its own width.
 */
export function renditionWidths(recipe: Recipe, sourceWidth: number): number[] {
  const fitting = recipe.widths.filter((w) => w <= sourceWidth);
  return fitting.length > 0 ? fitting : [Math.max(1, Math.floor(sourceWidth))];
}

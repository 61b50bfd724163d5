import { fold } from '../../../../../shared/search/analysis/fold';
import { siteIndexFields, type IndexSettings, type SearchDocument } from '../../../../../shared/search';

/** Names per language: [en, sv, de]. */
type Names = [string, string, string];

interface Row {
  id: string;
  names: Names;
  descriptions?: Names;
  brand: string;
  color: string[];
  size: string[];
  material: string[];
  category: string[];
  se: number | null;
  de: number | null;
  inStock: { se?: boolean; de?: boolean };
  created: number;
  popularity: number;
  minTemp?: number;
  sku: string;
}

/** Labels of the fixture's labelled values, per language. */
export const BRAND_LABELS: Record<string, string> = {
  nike: 'Nike',
  adidas: 'Adidas',
  fjallraven: 'Fjällräven',
  smartwool: 'Smartwool',
  hm: 'H&M',
};
const CATEGORY_LABELS: Record<string, Names> = {
  shoes: ['Shoes', 'Skor', 'Schuhe'],
  'shoes/running': ['Running', 'Löpning', 'Laufen'],
  clothing: ['Clothing', 'Kläder', 'Kleidung'],
  'clothing/jackets': ['Jackets', 'Jackor', 'Jacken'],
  accessories: ['Accessories', 'Accessoarer', 'Zubehör'],
};

const ROWS: Row[] = [
  {
    id: 'p01',
    names: ['Running Shoes', 'Löparskor', 'Schuhe zum Laufen'],
    brand: 'nike',
    color: ['red'],
    size: ['42', '43'],
    material: ['mesh'],
    category: ['shoes/running'],
    se: 1000,
    de: 100,
    inStock: { se: true, de: true },
    created: 10,
    popularity: 40,
    minTemp: 5,
    sku: 'NK-RUN-1',
  },
  {
    id: 'p02',
    names: ['Trail Running Shoes', 'Terränglöparskor', 'Trailschuhe'],
    brand: 'adidas',
    color: ['blue', 'red'],
    size: ['42'],
    material: ['mesh', 'rubber'],
    category: ['shoes/running/trail'],
    se: 1200,
    de: 120,
    inStock: { se: true, de: true },
    created: 11,
    popularity: 30,
    minTemp: 0,
    sku: 'AD-TRL-2',
  },
  {
    id: 'p03',
    names: ['Winter Boots', 'Vinterkängor', 'Winterstiefel'],
    brand: 'nike',
    color: ['black'],
    size: ['43', '44'],
    material: ['leather', 'wool'],
    category: ['shoes/boots'],
    se: 1500,
    de: 150,
    inStock: { se: false, de: true },
    created: 12,
    popularity: 20,
    minTemp: -20,
    sku: 'NK-WB-3',
  },
  {
    id: 'p04',
    names: ['Rain Jacket', 'Jacka för regn', 'Regenjacke'],
    brand: 'fjallraven',
    color: ['green'],
    size: ['m', 'l'],
    material: ['polyester'],
    category: ['clothing/jackets'],
    se: 2000,
    de: 200,
    inStock: { se: true, de: true },
    created: 13,
    popularity: 60,
    minTemp: -5,
    sku: 'FR-RJ-4',
  },
  {
    id: 'p05',
    names: ['Down Jacket', 'Dunjacka', 'Daunenjacke'],
    brand: 'fjallraven',
    color: ['black'],
    size: ['l'],
    material: ['down', 'polyester'],
    category: ['clothing/jackets'],
    se: 2000,
    de: null,
    inStock: { se: true },
    created: 13,
    popularity: 60,
    minTemp: -30,
    sku: 'FR-DJ-5',
  },
  {
    id: 'p06',
    names: ['Wool Socks', 'Ullstrumpor', 'Wollsocken'],
    descriptions: ['Warm socks to wear under a jacket', 'Varma strumpor', 'Warme Socken'],
    brand: 'smartwool',
    color: ['grey'],
    size: ['s', 'm'],
    material: ['wool'],
    category: ['clothing/socks'],
    se: 100,
    de: 10,
    inStock: { se: true, de: true },
    created: 14,
    popularity: 10,
    minTemp: -10,
    sku: 'SW-SOCK-6',
  },
  {
    id: 'p07',
    names: ['Street Shoes', 'Gatuskor', 'Schuhe für die Straße'],
    brand: 'adidas',
    color: ['white'],
    size: ['42'],
    material: ['leather'],
    category: ['shoes/street'],
    se: 1000,
    de: 100,
    inStock: { se: false, de: false },
    created: 15,
    popularity: 40,
    minTemp: 10,
    sku: 'AD-STR-7',
  },
  {
    id: 'p08',
    names: ['Hiking Jacket', 'Jacka för vandring', 'Wanderjacke'],
    brand: 'nike',
    color: ['red'],
    size: ['m'],
    material: ['polyester', 'wool'],
    category: ['clothing/jackets'],
    se: 1800,
    de: 180,
    inStock: { se: true, de: true },
    created: 16,
    popularity: 5,
    sku: 'NK-HJ-8',
  },
  {
    id: 'p09',
    names: ['Cotton T-Shirt', 'Bomullströja', 'Baumwollhemd'],
    brand: 'hm',
    color: ['white', 'red'],
    size: ['s', 'm', 'l'],
    material: ['cotton'],
    category: ['clothing/shirts'],
    se: 199,
    de: 20,
    inStock: { se: true, de: true },
    created: 17,
    popularity: 80,
    minTemp: 15,
    sku: 'HM-TS-9',
  },
  {
    id: 'p10',
    names: ['Leather Belt', 'Läderbälte', 'Gürtel aus Leder'],
    brand: 'hm',
    color: ['black'],
    size: [],
    material: ['leather'],
    category: ['accessories'],
    se: null,
    de: 30,
    inStock: { de: true },
    created: 18,
    popularity: 70,
    sku: 'HM-BLT-10',
  },
  {
    id: 'p11',
    names: ['Running Cap', 'Löparkeps', 'Laufmütze'],
    brand: 'nike',
    color: ['black', 'white'],
    size: ['one-size'],
    material: ['polyester'],
    category: ['accessories/caps', 'shoes/running'],
    se: 300,
    de: 30,
    inStock: { se: true, de: true },
    created: 19,
    popularity: 50,
    minTemp: -2,
    sku: 'NK-CAP-11',
  },
  {
    id: 'p12',
    names: ['Running Shorts', 'Löparshorts', 'Laufshorts'],
    brand: 'adidas',
    color: ['blue'],
    size: ['s', 'm'],
    material: ['polyester'],
    category: ['clothing/shorts'],
    se: 400,
    de: 40,
    inStock: { se: false, de: true },
    created: 20,
    popularity: 25,
    minTemp: 20,
    sku: 'AD-SH-12',
  },
];

/** Every path with all its ancestors, as the document contract requires. */
function withAncestors(paths: string[]): string[] {
  const all = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    parts.forEach((_, i) => {
      all.add(parts.slice(0, i + 1).join('/'));
    });
  }
  return [...all];
}

function toDocument(row: Row): SearchDocument {
  const languages = ['en', 'sv', 'de'] as const;
  const categories = withAncestors(row.category);
  const text = Object.fromEntries(
    languages.map((lang, i) => [
      lang,
      {
        name: row.names[i] as string,
        brand: BRAND_LABELS[row.brand] as string,
        description: row.descriptions?.[i] ?? '',
      },
    ]),
  );
  const categoryLabels = Object.fromEntries(
    categories
      .filter((c) => CATEGORY_LABELS[c] !== undefined)
      .map((c) => [c, Object.fromEntries(languages.map((l, i) => [l, CATEGORY_LABELS[c]?.[i] as string]))]),
  );
  const numbers: Record<string, number> = {};
  if (row.se !== null) numbers['price.se'] = row.se;
  if (row.de !== null) numbers['price.de'] = row.de;
  if (row.minTemp !== undefined) numbers.minTemp = row.minTemp;
  const flags: Record<string, boolean> = {};
  if (row.inStock.se !== undefined) flags['inStock.se'] = row.inStock.se;
  if (row.inStock.de !== undefined) flags['inStock.de'] = row.inStock.de;
  return {
    id: row.id,
    markets: [...(row.se === null ? [] : ['se']), ...(row.de === null ? [] : ['de'])],
    text,
    skus: [row.sku],
    facets: { brand: [row.brand], color: row.color, size: row.size, material: row.material, category: categories },
    labels: {
      brand: { [row.brand]: { en: BRAND_LABELS[row.brand] as string, sv: BRAND_LABELS[row.brand] as string } },
      category: categoryLabels,
    },
    numbers,
    flags,
    sortKeys: {
      name: Object.fromEntries(languages.map((l, i) => [l, fold(row.names[i] as string)])),
      createdAt: row.created * 86_400_000,
    },
    popularity: row.popularity,
    card: { id: row.id, name: row.names[0], price: row.se },
  };
}

/** Keys the fixture uses, as a site's configuration declares them (Elasticsearch maps exactly these). */
export const FIXTURE_FIELDS = siteIndexFields({
  markets: ['se', 'de'],
  facets: ['brand', 'color', 'size', 'material', 'category'],
  numbers: ['minTemp'],
});

/** Settings of every fixture index: three analysed languages and the fixture's fields. */
export const FIXTURE_SETTINGS: IndexSettings = { languages: ['en', 'sv', 'de'], fields: FIXTURE_FIELDS };

/** The contract fixture: twelve products on two markets (p10 only on de, p05 only on se), three languages. */
export function fixtureDocuments(): SearchDocument[] {
  return ROWS.map(toDocument);
}

// Vocabulary of the seed data: pairs are [English, Swedish].
export type Pair = readonly [en: string, sv: string];

export type VariantAxes = 'apparel' | 'shoes' | 'none';

export type RootCategory = {
  name: Pair;
  nouns: readonly Pair[];
  axes: VariantAxes;
  /** Books and the like carry the reduced VAT rate. */
  reducedVat: boolean;
};

export const ROOT_CATEGORIES: readonly RootCategory[] = [
  {
    name: ['Clothing', 'Kläder'],
    axes: 'apparel',
    reducedVat: false,
    nouns: [
      ['Jacket', 'Jacka'],
      ['Shirt', 'Skjorta'],
      ['Sweater', 'Tröja'],
      ['Trousers', 'Byxor'],
      ['Dress', 'Klänning'],
      ['T-shirt', 'T-shirt'],
      ['Hoodie', 'Luvtröja'],
    ],
  },
  {
    name: ['Shoes', 'Skor'],
    axes: 'shoes',
    reducedVat: false,
    nouns: [
      ['Sneaker', 'Sneaker'],
      ['Boot', 'Känga'],
      ['Sandal', 'Sandal'],
      ['Running shoe', 'Löparsko'],
      ['Loafer', 'Loafer'],
    ],
  },
  {
    name: ['Home', 'Hem'],
    axes: 'none',
    reducedVat: false,
    nouns: [
      ['Lamp', 'Lampa'],
      ['Cushion', 'Kudde'],
      ['Rug', 'Matta'],
      ['Vase', 'Vas'],
      ['Blanket', 'Filt'],
      ['Candle holder', 'Ljusstake'],
    ],
  },
  {
    name: ['Kitchen', 'Kök'],
    axes: 'none',
    reducedVat: false,
    nouns: [
      ['Frying pan', 'Stekpanna'],
      ['Knife', 'Kniv'],
      ['Mug', 'Mugg'],
      ['Bowl', 'Skål'],
      ['Cutting board', 'Skärbräda'],
    ],
  },
  {
    name: ['Sports', 'Sport'],
    axes: 'none',
    reducedVat: false,
    nouns: [
      ['Backpack', 'Ryggsäck'],
      ['Tent', 'Tält'],
      ['Water bottle', 'Vattenflaska'],
      ['Yoga mat', 'Yogamatta'],
      ['Headlamp', 'Pannlampa'],
    ],
  },
  {
    name: ['Electronics', 'Elektronik'],
    axes: 'none',
    reducedVat: false,
    nouns: [
      ['Headphones', 'Hörlurar'],
      ['Speaker', 'Högtalare'],
      ['Charger', 'Laddare'],
      ['Cable', 'Kabel'],
      ['Power bank', 'Powerbank'],
    ],
  },
  {
    name: ['Books', 'Böcker'],
    axes: 'none',
    reducedVat: true,
    nouns: [
      ['Novel', 'Roman'],
      ['Cookbook', 'Kokbok'],
      ['Travel guide', 'Reseguide'],
      ['Picture book', 'Bilderbok'],
    ],
  },
  {
    name: ['Toys', 'Leksaker'],
    axes: 'none',
    reducedVat: false,
    nouns: [
      ['Puzzle', 'Pussel'],
      ['Doll', 'Docka'],
      ['Building set', 'Byggsats'],
      ['Board game', 'Brädspel'],
    ],
  },
];

export const SEGMENTS: readonly Pair[] = [
  ['Women', 'Dam'],
  ['Men', 'Herr'],
  ['Kids', 'Barn'],
  ['Outdoor', 'Friluft'],
  ['Premium', 'Premium'],
  ['Basics', 'Basic'],
  ['Studio', 'Studio'],
];
export const STYLES: readonly Pair[] = [
  ['Everyday', 'Vardag'],
  ['Performance', 'Prestanda'],
  ['Travel', 'Resa'],
  ['Eco', 'Eko'],
  ['Classics', 'Klassiker'],
  ['Limited', 'Begränsat'],
  ['Winter', 'Vinter'],
  ['Summer', 'Sommar'],
];
export const SHELVES: readonly Pair[] = [
  ['New in', 'Nyheter'],
  ['Bestsellers', 'Bästsäljare'],
  ['Sale', 'Rea'],
  ['Gifts', 'Presenter'],
];

export const ADJECTIVES: readonly Pair[] = [
  ['Classic', 'Klassisk'],
  ['Light', 'Lätt'],
  ['Soft', 'Mjuk'],
  ['Urban', 'Urban'],
  ['Nordic', 'Nordisk'],
  ['Compact', 'Kompakt'],
  ['Rugged', 'Tålig'],
  ['Slim', 'Smal'],
  ['Warm', 'Varm'],
  ['Bright', 'Ljus'],
  ['Everyday', 'Vardags'],
  ['Pro', 'Pro'],
  ['Vintage', 'Vintage'],
  ['Essential', 'Bas'],
  ['Premium', 'Premium'],
  ['Eco', 'Eko'],
];

export const MATERIALS: readonly Pair[] = [
  ['Cotton', 'Bomull'],
  ['Wool', 'Ull'],
  ['Recycled polyester', 'Återvunnen polyester'],
  ['Leather', 'Läder'],
  ['Linen', 'Linne'],
  ['Steel', 'Stål'],
  ['Oak', 'Ek'],
  ['Ceramic', 'Keramik'],
  ['Bamboo', 'Bambu'],
  ['Glass', 'Glas'],
];

export type Colour = readonly [en: string, sv: string, css: string];
export const COLOURS: readonly Colour[] = [
  ['Black', 'Svart', '#111111'],
  ['White', 'Vit', '#fafafa'],
  ['Grey', 'Grå', '#8a8a8a'],
  ['Navy', 'Marinblå', '#1f2a44'],
  ['Blue', 'Blå', '#2f6fd6'],
  ['Red', 'Röd', '#c8312f'],
  ['Green', 'Grön', '#3f8f4f'],
  ['Olive', 'Oliv', '#6b6b2f'],
  ['Beige', 'Beige', '#d9c7a7'],
  ['Brown', 'Brun', '#6d4b33'],
  ['Yellow', 'Gul', '#e8c33a'],
  ['Pink', 'Rosa', '#e59ab5'],
];

export const APPAREL_SIZES: readonly string[] = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
export const SHOE_SIZES: readonly string[] = ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'];

export const BRAND_HEADS: readonly string[] = [
  'Nord',
  'Fjäll',
  'Hav',
  'Sol',
  'Berg',
  'Skog',
  'Vind',
  'Ljus',
  'Sten',
  'Is',
  'Myr',
  'Ek',
  'Lind',
  'Ask',
  'Alm',
  'Rim',
  'Dal',
  'Strand',
  'Ö',
  'Vik',
  'Holm',
  'Kust',
  'Moln',
  'Regn',
  'Snö',
];
export const BRAND_TAILS: readonly string[] = [
  'craft',
  'works',
  'wear',
  'line',
  'form',
  'lab',
  'studio',
  'gear',
  'house',
  'co',
  'atelier',
  'made',
  'supply',
  'field',
  'goods',
  'design',
  'core',
  'mode',
  'nova',
  'verk',
];

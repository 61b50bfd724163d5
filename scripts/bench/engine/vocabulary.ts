/** [en, sv] pairs: real words so stemming and matching do real work. */
export type Pair = readonly [string, string];

export const ROOTS: readonly { key: string; label: Pair; children: readonly { key: string; label: Pair; nouns: readonly Pair[] }[] }[] = [
  { key: 'shoes', label: ['Shoes', 'Skor'], children: [
    { key: 'running', label: ['Running', 'Löpning'], nouns: [['running shoes', 'löparskor'], ['trainers', 'träningsskor'], ['racing flats', 'tävlingsskor']] },
    { key: 'hiking', label: ['Hiking', 'Vandring'], nouns: [['hiking boots', 'vandringskängor'], ['trail shoes', 'terrängskor'], ['approach shoes', 'klätterskor']] },
    { key: 'casual', label: ['Casual', 'Vardag'], nouns: [['sneakers', 'sneakers'], ['loafers', 'loafers'], ['sandals', 'sandaler']] },
    { key: 'boots', label: ['Boots', 'Kängor'], nouns: [['winter boots', 'vinterkängor'], ['rain boots', 'gummistövlar'], ['chelsea boots', 'chelseaboots']] } ] },
  { key: 'clothing', label: ['Clothing', 'Kläder'], children: [
    { key: 'jackets', label: ['Jackets', 'Jackor'], nouns: [['rain jacket', 'regnjacka'], ['down jacket', 'dunjacka'], ['shell jacket', 'skaljacka']] },
    { key: 'tops', label: ['Tops', 'Överdelar'], nouns: [['t-shirt', 't-shirt'], ['running shirt', 'löpartröja'], ['hoodie', 'luvtröja']] },
    { key: 'trousers', label: ['Trousers', 'Byxor'], nouns: [['hiking trousers', 'vandringsbyxor'], ['running tights', 'löpartights'], ['shorts', 'shorts']] },
    { key: 'underwear', label: ['Underwear', 'Underkläder'], nouns: [['base layer', 'underställ'], ['socks', 'strumpor'], ['boxer shorts', 'kalsonger']] } ] },
  { key: 'accessories', label: ['Accessories', 'Accessoarer'], children: [
    { key: 'bags', label: ['Bags', 'Väskor'], nouns: [['backpack', 'ryggsäck'], ['duffel bag', 'bag'], ['hip bag', 'midjeväska']] },
    { key: 'hats', label: ['Hats', 'Mössor'], nouns: [['beanie', 'mössa'], ['running cap', 'löparkeps'], ['sun hat', 'solhatt']] },
    { key: 'gloves', label: ['Gloves', 'Handskar'], nouns: [['gloves', 'handskar'], ['mittens', 'vantar'], ['liner gloves', 'innerhandskar']] },
    { key: 'watches', label: ['Watches', 'Klockor'], nouns: [['running watch', 'löparklocka'], ['gps watch', 'gps-klocka'], ['heart rate monitor', 'pulsband']] } ] },
  { key: 'outdoor', label: ['Outdoor', 'Friluftsliv'], children: [
    { key: 'tents', label: ['Tents', 'Tält'], nouns: [['tent', 'tält'], ['tarp', 'presenning'], ['shelter', 'vindskydd']] },
    { key: 'sleeping', label: ['Sleeping', 'Sova'], nouns: [['sleeping bag', 'sovsäck'], ['sleeping pad', 'liggunderlag'], ['pillow', 'kudde']] },
    { key: 'cooking', label: ['Cooking', 'Matlagning'], nouns: [['stove', 'kök'], ['pot set', 'kastrullset'], ['water bottle', 'vattenflaska']] } ] },
  { key: 'sports', label: ['Sports', 'Sport'], children: [
    { key: 'fitness', label: ['Fitness', 'Träning'], nouns: [['yoga mat', 'yogamatta'], ['dumbbells', 'hantlar'], ['resistance band', 'gummiband']] },
    { key: 'cycling', label: ['Cycling', 'Cykling'], nouns: [['cycling jersey', 'cykeltröja'], ['bike helmet', 'cykelhjälm'], ['cycling shorts', 'cykelbyxor']] },
    { key: 'swimming', label: ['Swimming', 'Simning'], nouns: [['swimsuit', 'baddräkt'], ['goggles', 'simglasögon'], ['swim cap', 'badmössa']] } ] },
];

/** Third and fourth levels: every second-level node splits by audience, some by line. */
export const AUDIENCES: readonly { key: string; label: Pair }[] = [
  { key: 'men', label: ['Men', 'Herr'] },
  { key: 'women', label: ['Women', 'Dam'] },
  { key: 'kids', label: ['Kids', 'Barn'] },
];
export const LINES: readonly { key: string; label: Pair }[] = [
  { key: 'pro', label: ['Pro', 'Proffs'] },
  { key: 'essentials', label: ['Essentials', 'Bas'] },
];

export const ADJECTIVES: readonly Pair[] = [
  ['light', 'lätt'], ['warm', 'varm'], ['waterproof', 'vattentät'], ['classic', 'klassisk'], ['durable', 'slitstark'],
  ['breathable', 'andas'], ['soft', 'mjuk'], ['technical', 'teknisk'], ['insulated', 'isolerad'], ['stretchy', 'stretchig'],
  ['compact', 'kompakt'], ['recycled', 'återvunnen'], ['windproof', 'vindtät'], ['padded', 'vadderad'], ['fast', 'snabb'],
  ['comfortable', 'bekväm'], ['reflective', 'reflekterande'], ['organic', 'ekologisk'], ['seamless', 'sömlös'], ['rugged', 'tålig'],
];

export const COLORS: readonly { key: string; label: Pair }[] = [
  'black/svart', 'white/vit', 'grey/grå', 'navy/marinblå', 'blue/blå', 'red/röd', 'green/grön', 'olive/oliv', 'yellow/gul',
  'orange/orange', 'pink/rosa', 'purple/lila', 'brown/brun', 'beige/beige', 'teal/blågrön', 'burgundy/vinröd',
].map((pair) => {
  const [en, sv] = pair.split('/') as [string, string];
  return { key: en, label: [en[0]?.toUpperCase() + en.slice(1), sv] as const };
});

export const SIZE_SETS: Readonly<Record<string, readonly string[]>> = {
  shoes: ['36', '37', '38', '39', '40', '41', '42', '43', '44', '45', '46'],
  clothing: ['xs', 's', 'm', 'l', 'xl', 'xxl'],
  other: ['one-size', 's-m', 'l-xl'],
};

export const MATERIALS: readonly string[] = [
  'cotton', 'wool', 'merino', 'polyester', 'nylon', 'leather', 'suede', 'gore-tex', 'down', 'fleece', 'elastane', 'rubber', 'hemp', 'silk',
];

const SYLLABLES = ['ka', 'lo', 'ri', 'ven', 'tor', 'mi', 'sa', 'del', 'ar', 'quo', 'zen', 'lu', 'pa', 'ro', 'ne', 'fi', 'gra', 'bo', 'tis', 'um'];

/** Deterministic made-up words for brand, model and filler vocabulary (index -> word, unique per index). */
export function madeUpWord(index: number, minSyllables: number): string {
  let word = '';
  let n = index;
  for (let i = 0; i < minSyllables || n > 0; i++) {
    word += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  }
  return word;
}

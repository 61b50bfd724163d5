// @ts-check
// The shop's own words in the market's language (the API answers its labels in that language already).

const STRINGS = {
  en: {
    searchPlaceholder: 'Search products, brands, colours…',
    search: 'Search',
    shipTo: 'Ship to',
    cart: 'Cart',
    products: 'Products',
    categories: 'Categories',
    refine: 'Refine by',
    searchFor: 'Search for “{q}”',
    allProducts: 'All products',
    resultsFor: 'Results for “{q}”',
    results: '{n} products',
    oneResult: '1 product',
    noResults: 'No products match. Try removing a filter.',
    filters: 'Filters',
    clearAll: 'Clear all',
    sortBy: 'Sort by',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {page} of {pages}',
    searchIn: 'Search {facet}',
    noMatches: 'No matches',
    showMore: 'Show {n} more',
    showFewer: 'Show fewer',
    min: 'Min',
    max: 'Max',
    apply: 'Apply',
    from: 'from',
    inStock: 'In stock',
    outOfStock: 'Out of stock',
    lowStock: 'Only {n} left',
    choose: 'Choose {axis}',
    unavailable: 'This combination is not available',
    addToCart: 'Add to cart',
    adding: 'Adding…',
    added: 'Added to your cart',
    viewCart: 'View cart',
    quantity: 'Quantity',
    details: 'Details',
    description: 'Description',
    downloads: 'Downloads',
    bundle: 'In the box',
    yourCart: 'Your cart',
    emptyCart: 'Your cart is empty.',
    continueShopping: 'Continue shopping',
    remove: 'Remove',
    decrease: 'One less',
    increase: 'One more',
    subtotal: 'Subtotal',
    total: 'Total',
    vatIncluded: 'VAT included',
    checkout: 'Checkout',
    noCheckout: 'Checkout is not part of this demo.',
    each: '{price} each',
    gone: '{name} is not sold in this market any more and was removed from your cart.',
    reduced: '{name}: fewer left in stock than you wanted; the quantity was reduced.',
    priceChanged: '{name}: the price has changed since you added it.',
    notEnoughStock: 'Not enough in stock for that quantity.',
    cartExpired: 'Your cart had expired; a new one was started.',
    marketChanged: 'Prices are now in {currency}.',
    somethingWrong: 'Something went wrong',
    indexWarming: 'The shop is getting ready (the first index is being built). Try again in a moment.',
    tryAgain: 'Try again',
    loading: 'Loading…',
    notFound: 'We could not find that page.',
    home: 'Home',
    heroTitle: 'Good things for everyday life',
    heroText: 'Clothing, shoes and things for the home, from Nordic brands.',
    sku: 'Item number',
    yes: 'Yes',
    no: 'No',
  },
  sv: {
    searchPlaceholder: 'Sök produkter, märken, färger…',
    search: 'Sök',
    shipTo: 'Leverans till',
    cart: 'Varukorg',
    products: 'Produkter',
    categories: 'Kategorier',
    refine: 'Filtrera på',
    searchFor: 'Sök efter ”{q}”',
    allProducts: 'Alla produkter',
    resultsFor: 'Resultat för ”{q}”',
    results: '{n} produkter',
    oneResult: '1 produkt',
    noResults: 'Inga produkter matchar. Prova att ta bort ett filter.',
    filters: 'Filter',
    clearAll: 'Rensa alla',
    sortBy: 'Sortera',
    previous: 'Föregående',
    next: 'Nästa',
    pageOf: 'Sida {page} av {pages}',
    searchIn: 'Sök {facet}',
    noMatches: 'Inga träffar',
    showMore: 'Visa {n} till',
    showFewer: 'Visa färre',
    min: 'Min',
    max: 'Max',
    apply: 'Använd',
    from: 'från',
    inStock: 'I lager',
    outOfStock: 'Slut i lager',
    lowStock: 'Bara {n} kvar',
    choose: 'Välj {axis}',
    unavailable: 'Den kombinationen finns inte',
    addToCart: 'Lägg i varukorgen',
    adding: 'Lägger till…',
    added: 'Tillagd i varukorgen',
    viewCart: 'Till varukorgen',
    quantity: 'Antal',
    details: 'Detaljer',
    description: 'Beskrivning',
    downloads: 'Nedladdningar',
    bundle: 'Ingår',
    yourCart: 'Din varukorg',
    emptyCart: 'Din varukorg är tom.',
    continueShopping: 'Fortsätt handla',
    remove: 'Ta bort',
    decrease: 'En färre',
    increase: 'En till',
    subtotal: 'Delsumma',
    total: 'Totalt',
    vatIncluded: 'inkl. moms',
    checkout: 'Till kassan',
    noCheckout: 'Kassan ingår inte i den här demon.',
    each: '{price}/st',
    gone: '{name} säljs inte längre på den här marknaden och togs bort ur varukorgen.',
    reduced: '{name}: färre kvar i lager än du ville ha; antalet minskades.',
    priceChanged: '{name}: priset har ändrats sedan du lade till varan.',
    notEnoughStock: 'Det finns inte så många i lager.',
    cartExpired: 'Din varukorg hade gått ut; en ny har skapats.',
    marketChanged: 'Priserna visas nu i {currency}.',
    somethingWrong: 'Något gick fel',
    indexWarming: 'Butiken förbereds (det första indexet byggs). Försök igen om en stund.',
    tryAgain: 'Försök igen',
    loading: 'Laddar…',
    notFound: 'Vi hittade inte sidan.',
    home: 'Hem',
    heroTitle: 'Bra saker för vardagen',
    heroText: 'Kläder, skor och saker för hemmet, från nordiska märken.',
    sku: 'Artikelnummer',
    yes: 'Ja',
    no: 'Nej',
  },
};

/** @typedef {keyof typeof STRINGS.en} StringKey */

let language = 'en';

/** @param {string} tag the market's language (BCP-47) */
export function setLanguage(tag) {
  language = tag;
  document.documentElement.lang = tag;
}

/** @param {string} tag */
const table = (tag) => (tag.split('-')[0] === 'sv' ? STRINGS.sv : STRINGS.en);

/**
 * @param {StringKey} key
 * @param {Record<string, string | number>} [vars]
 */
export function t(key, vars = {}) {
  return table(language)[key].replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ''));
}

const locale = () => (language.split('-')[0] === 'sv' ? 'sv-SE' : language === 'en' ? 'en-IE' : language);

/**
 * A decimal string as money in the shop's language (amounts are strings in the API, never floats).
 * @param {string} amount
 * @param {string} currency
 */
export function money(amount, currency) {
  return new Intl.NumberFormat(locale(), { style: 'currency', currency }).format(Number(amount));
}

/** @param {string} country ISO 3166 code */
export function countryName(country) {
  return new Intl.DisplayNames([locale()], { type: 'region' }).of(country) ?? country;
}

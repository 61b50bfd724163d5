import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumDecision, launchChromium, screenshot } from '../../../support/browser';
import { shopApi, type ShopApi } from '../../../support/demo-shop-finders';
import { startDemoShopStack, type DemoShopStack } from '../../../support/demo-shop-stack';
import {
  cardNames,
  countShown,
  dataValues,
  expectAttribute,
  expectCount,
  expectNames,
  expectText,
  loadedImage,
  money,
  text,
  watchProblems,
} from '../../../support/shop-page';

// The demo shop in Debian's Chromium, against the storefront API, the media host and the shop's own server on
// loopback ports: what a shopper sees at each step, with the expectations asked of the API itself.

const decision = chromiumDecision(process.env);
if (decision.kind === 'skip') console.log(`Skipping the demo shop browser tests: ${decision.reason}`);
const describeInBrowser = decision.kind === 'found' ? describe : describe.skip;

describeInBrowser('the demo shop in a browser', () => {
  let stack: DemoShopStack;
  let api: ShopApi;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    stack = await startDemoShopStack(400);
    api = shopApi(stack);
    browser = await launchChromium(decision.kind === 'found' ? decision.path : '');
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.cleanup();
  });
  beforeEach(async () => {
    // A shopper of their own each time: no cart token or market left from another test.
    context = await browser.newContext({ viewport: { width: 1360, height: 1000 }, locale: 'en-US' });
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterEach(async () => {
    await context.close();
    // No script error, no failed call (CORS included), no broken image, on any page the test visited.
    expect(problems).toEqual([]);
  });

  it('search, filter, product, add to cart, change the quantity, switch market', async () => {
    const gone = await api.notSoldIn('se', 'eu');
    await page.goto(stack.shopUrl);
    await expectText(page.locator('h1'), 'Alla produkter');

    await page.locator('.search input').pressSequentially('sneaker', { delay: 20 });
    const suggestions = page.locator('.suggest a[role="option"]');
    await suggestions.first().waitFor();
    const suggested = await page.locator('.suggest .suggest-group').first().locator('.suggest-name').allTextContents();
    expect(suggested.length).toBeGreaterThan(0);
    for (const name of suggested) expect(name.toLowerCase()).toContain('sneaker');
    await screenshot(page, '01-suggest');

    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=sneaker$/);
    await expectText(page.locator('h1'), 'Resultat för ”sneaker”');
    expect(await countShown(page)).toBe(await api.total({ q: 'sneaker' }));
    expect((await cardNames(page))[0]?.toLowerCase()).toContain('sneaker');
    await screenshot(page, '02-search');

    const swatch = page.locator('[data-facet="colour"] li').first();
    const colour = (await swatch.getAttribute('data-value')) ?? '';
    await swatch.locator('button').click();
    await page.locator('.chip[data-facet="colour"]').waitFor();
    expect(page.url()).toContain(`filter%5Bcolour%5D=${colour}`);
    expect(await countShown(page)).toBe(await api.total({ q: 'sneaker', 'filter[colour]': colour }));
    await screenshot(page, '03-filtered');

    const name = (await cardNames(page))[0] ?? '';
    await page.locator('.grid .card').first().click();
    await expectText(page.locator('.product-page h1'), name);
    const product = await api.detail(decodeURIComponent(new URL(page.url()).pathname.slice(3)));
    const axes = page.locator('.axis');
    await expectCount(axes, product.options.length);
    for (let i = 0; i < product.options.length; i++) {
      await axes.nth(i).locator('.option:not([disabled])').first().click();
      await page.waitForLoadState('networkidle');
    }
    await expectText(page.locator('.stock'), /^(I lager|Bara \d+ kvar)$/);
    const unit = await text(page.locator('.product-price .price-now'));
    expect(unit).toMatch(/kr$/);
    await screenshot(page, '04-product');

    await page.locator('.add-to-cart').click();
    await page.locator('.toast').waitFor();
    await expectText(page.locator('.cart-count'), '1');
    await page.locator('.cart-link').click();
    const line = page.locator('.cart-line');
    await expectText(line.locator('.cart-line-name'), name);
    await line.locator('.stepper button').nth(1).click();
    await expectText(page.locator('.cart-count'), '2');
    expect(await line.locator('.qty-input').inputValue()).toBe('2');
    const amount = Number(unit.replace(/[^\d,]/g, '').replace(',', '.'));
    await expectText(page.locator('.cart-subtotal'), money(amount * 2, 'SEK', 'sv-SE'));
    await screenshot(page, '05-cart-quantity');

    await page.goto(`${stack.shopUrl}/p/${gone.slug}`);
    await page.locator('.add-to-cart:not([disabled])').click();
    await page.locator('.toast').waitFor();
    await page.goto(`${stack.shopUrl}/cart`);
    await expectCount(page.locator('.cart-line'), 2);

    await page.locator('.market-select').selectOption('eu');
    await expectText(page.locator('h1'), 'Your cart');
    await expectCount(page.locator('.cart-line'), 1);
    const kept = await api.bySku((await line.getAttribute('data-sku')) ?? '', 'eu');
    await expectText(
      page.locator('.notice'),
      `${gone.name} is not sold in this market any more and was removed from your cart.`,
    );
    expect(await line.locator('.qty-input').inputValue()).toBe('2');
    await expectText(page.locator('.cart-subtotal'), money(Number(kept.price.amount) * 2, 'EUR', 'en-IE'));
    await expectText(page.locator('.cart-count'), '2');
    await screenshot(page, '06-cart-eu');
  }, 120_000);

  it('facet panels of every type, removable filters, sort, paging and a collection page', async () => {
    await page.goto(stack.shopUrl);
    const panel = (key: string) => page.locator(`.facets [data-facet="${key}"]`);
    const isOpen = async (key: string) => (await panel(key).getAttribute('open')) !== null;
    await panel('category').waitFor();
    expect(await Promise.all(['category', 'brand', 'colour', 'size', 'weight', 'price'].map(isOpen))).toEqual([
      true,
      true,
      true,
      false,
      false,
      true,
    ]);

    const shoes = (await api.facet('category')).find((v) => v.label === 'Skor' && !v.parent)?.value ?? '';
    await panel('category').locator(`li[data-value="${shoes}"] > .tree-node`).click();
    await expectText(page.locator('.chip[data-facet="category"]'), 'Kategori: Skor');
    const children = (await api.facet('category', { 'filter[category]': shoes })).filter((v) => v.parent === shoes);
    await expectCount(panel('category').locator(`li[data-value="${shoes}"] .tree .tree-node`), children.length);
    expect(await countShown(page)).toBe(await api.total({ 'filter[category]': shoes }));

    await panel('in-stock').locator('label.toggle').click();
    await page.locator('.chip[data-facet="in-stock"]').waitFor();
    await panel('price').locator('input[name="min"]').fill('200');
    await panel('price').locator('input[name="max"]').fill('900');
    await panel('price').locator('button[type="submit"]').click();
    await expectText(page.locator('.chip[data-facet="price"]'), 'Pris: 200–900 SEK');
    const filters = { 'filter[category]': shoes, 'filter[in-stock]': 'true', 'filter[price]': '200-900' };
    expect(await countShown(page)).toBe(await api.total(filters));

    await panel('size').locator('summary').click();
    const size = (await panel('size').locator('li').first().getAttribute('data-value')) ?? '';
    await panel('size').locator('li input').first().check();
    await page.locator('.chip[data-facet="size"]').waitFor();
    expect(await isOpen('size')).toBe(true);

    const q = (await api.facet('brand', filters))[0]?.label.slice(0, 3) ?? '';
    await panel('brand').locator('.facet-search').fill(q);
    const found = await api.facetSearch('brand', { q, ...filters, 'filter[size]': size });
    await expectCount(panel('brand').locator('li'), found.length);
    expect(await dataValues(panel('brand').locator('li'))).toEqual(found.map((v) => v.value));
    await screenshot(page, '07-facets');

    await page.locator('.chip[data-facet="price"]').click();
    await expectCount(page.locator('.chip[data-facet="price"]'), 0);
    expect(await countShown(page)).toBe(
      await api.total({ 'filter[category]': shoes, 'filter[in-stock]': 'true', 'filter[size]': size }),
    );
    await page.getByRole('button', { name: 'Rensa alla' }).click();
    await expectCount(page.locator('.chip'), 0);

    // The sorted first page comes slowly, and "Nästa" is clicked at once: the pager drawn for the unsorted page must
    // not step the unsorted listing (the page is busy, and takes no clicks, until the sorted page is drawn).
    const sortedFirst = (url: URL) =>
      url.pathname === '/v1/products' && url.searchParams.get('sort') === 'price_asc' && !url.searchParams.has('page');
    await page.route(sortedFirst, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      // A shop that stepped the unsorted listing meanwhile has cancelled this request.
      await route.continue().catch(() => undefined);
    });
    await page.locator('.sort-select').selectOption('price_asc');
    await page.waitForURL(/sort=price_asc/);
    await page.getByRole('button', { name: 'Nästa' }).click();
    await page.unroute(sortedFirst);
    await expectText(page.locator('.pager .is-current'), '2');
    const second = await api.listing({ sort: 'price_asc', page: '2', pageSize: '24' });
    await expectNames(
      page,
      second.items.map((c) => c.name),
    );
    await screenshot(page, '08-sorted-page-2');

    await page.locator('.collections-nav a', { hasText: 'Skor' }).click();
    await expectText(page.locator('h1'), 'Skor');
    await expectText(page.locator('.breadcrumb a').nth(1), 'Alla produkter');
    expect(await countShown(page)).toBe((await api.collection('skor')).listing.total);
    await screenshot(page, '09-collection');
  }, 120_000);

  it('a product page: photos from the media host, unavailable values greyed out, related products', async () => {
    const { product, colour, greyed, open } = await api.withGreyedSize();
    await page.goto(`${stack.shopUrl}/p/${product.slug}`);
    await page.locator(`[data-axis="colour"] [data-value="${colour}"]`).click();
    const sizeButton = (size: string) => page.locator(`[data-axis="size"] [data-value="${size}"]`);
    await expectText(page.locator('[data-axis="colour"] .axis-value'), colour);
    await expectAttribute(sizeButton(greyed), 'data-available', 'false');
    expect(await sizeButton(greyed).isDisabled()).toBe(true);
    expect(await sizeButton(open).isEnabled()).toBe(true);
    expect(await loadedImage(page, '.gallery-main img')).toMatch(
      new RegExp(`^${stack.mediaUrl}/r/[0-9a-f]{64}/\\d+/\\d+\\.(avif|jpeg)$`),
    );
    await screenshot(page, '10-variants');

    const linked: number[] = (
      await stack.t
        .db('product_relations')
        .where({ tenant_id: stack.tenantId })
        .distinct('product_id')
        .pluck('product_id')
    ).map(Number);
    const withRelated = await api.withRelated(linked);
    await page.goto(`${stack.shopUrl}/p/${withRelated.slug}`);
    await expectCount(page.locator('.related'), withRelated.related.length);
    expect(await page.locator('.related h2').allTextContents()).toEqual(withRelated.related.map((g) => g.label));
    const cards = withRelated.related.flatMap((g) => g.products);
    expect(await page.locator('.related .card-name').allTextContents()).toEqual(cards.map((c) => c.name));
    expect(await page.locator('.related .card img').count()).toBe(cards.filter((c) => c.image !== null).length);
    await page.locator('.related').last().scrollIntoViewIfNeeded();
    expect(await loadedImage(page, '.related .card img')).toMatch(new RegExp(`^${stack.mediaUrl}/r/`));
    await screenshot(page, '11-related');
  }, 120_000);
});

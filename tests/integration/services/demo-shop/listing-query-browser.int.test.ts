import type { Browser, Page } from 'playwright-core';
import { createApp } from '../../../../services/demo-shop/app';
import { listen, type RunningServer } from '../../../../shared/http/listen';
import { createLogger } from '../../../../shared/logger';
import { chromiumDecision, launchChromium } from '../../../support/browser';

// The shop's filter grammar (services/demo-shop/public/js/listing-query.js) is a browser module: it is checked in
// the browser, imported from the shop's own origin as the pages import it.

const decision = chromiumDecision(process.env);
if (decision.kind === 'skip') console.log(`Skipping the listing query browser test: ${decision.reason}`);
const describeInBrowser = decision.kind === 'found' ? describe : describe.skip;

/** Runs `body` (the source of an async function of the module) in the page and returns its JSON result. */
const inModule = (page: Page, body: string) =>
  page
    .evaluate(`import('/js/listing-query.js').then(async (m) => JSON.stringify(await (${body})(m)))`)
    .then((json) => JSON.parse(String(json)) as unknown);

describeInBrowser('the listing query in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await listen(
      createApp({
        storefrontUrl: 'http://127.0.0.1:9',
        siteKey: async () => 'sfk_pub_x',
        logger: createLogger({ name: 'test', level: 'silent' }),
      }),
      '127.0.0.1',
      0,
    );
    browser = await launchChromium(decision.kind === 'found' ? decision.path : '');
    page = await browser.newPage();
    await page.goto(`${server.url}/css/base.css`);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('escapes commas and backslashes in values, and splits only on unescaped commas', async () => {
    expect(
      await inModule(
        page,
        `(m) => [m.escapeValue('a,b\\\\c'), m.splitValues('a\\\\,b,c'), m.splitValues('x\\\\y,,z'), m.splitValues('\\\\\\\\,k')]`,
      ),
    ).toEqual(['a\\,b\\\\c', ['a,b', 'c'], ['x\\y', 'z'], ['\\', 'k']]);
  });

  it('round-trips a listing through the URL: filters with awkward values, sort and page', async () => {
    const result = await inModule(
      page,
      `(m) => {
      const q = new m.ListingQuery({ q: 'blue shoe', sort: 'price_asc', page: 3, filters: new Map([['brand', ['Smith, Jones', 'a\\\\b']], ['price', ['-10--2']]]) });
      const back = m.ListingQuery.fromParams(new URLSearchParams(q.toParams().toString()));
      return { q: back.q, sort: back.sort, page: back.page, filters: [...back.filters], api: q.toParams().get('filter[brand]') };
    }`,
    );
    expect(result).toEqual({
      q: 'blue shoe',
      sort: 'price_asc',
      page: 3,
      filters: [
        ['brand', ['Smith, Jones', 'a\\b']],
        ['price', ['-10--2']],
      ],
      api: 'Smith\\, Jones,a\\\\b',
    });
  });

  it('goes back to page 1 on any change but the page, and toggles values (one at a time on single-choice facets)', async () => {
    const result = await inModule(
      page,
      `(m) => {
      const q = new m.ListingQuery({ page: 4, filters: new Map([['colour', ['red']]]) });
      return [q.toggle('colour', 'blue').page, [...q.toggle('colour', 'blue').filters], [...q.toggle('colour', 'red').filters], ` +
        `[...q.toggle('colour', 'blue', true).filters], q.with({ page: 5 }).page];
    }`,
    );
    expect(result).toEqual([1, [['colour', ['red', 'blue']]], [], [['colour', ['blue']]], 5]);
  });

  it('reads range bounds, open and negative ones included', async () => {
    expect(await inModule(page, `(m) => ['10-20', '-5', '10-', '-10--2', 'x'].map(m.parseRange)`)).toEqual([
      { min: '10', max: '20' },
      { min: '', max: '5' },
      { min: '10', max: '' },
      { min: '-10', max: '-2' },
      null,
    ]);
  });
});

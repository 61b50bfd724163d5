import { markdownToHtml } from '../../../../../services/storefront-api/docs/markdown';

describe('markdownToHtml', () => {
  it('renders headings, paragraphs joined across lines, and lists with continuation lines', () => {
    expect(markdownToHtml('# Title\n\nOne\ntwo.\n\n## Next\n- a `b`\n  more\n- **c**\nAfter.')).toBe(
      [
        '<h1>Title</h1>',
        '<p>One two.</p>',
        '<h2>Next</h2>',
        '<ul>\n<li>a <code>b</code> more</li>\n<li><strong>c</strong></li>\n</ul>',
        '<p>After.</p>',
      ].join('\n'),
    );
  });

  it('keeps fenced code literal and escaped, with its language', () => {
    expect(markdownToHtml('```sh\ncurl -H "X: $K" <url> # **not bold**\n\nnext\n```')).toBe(
      '<pre><code class="language-sh">curl -H &quot;X: $K&quot; &lt;url&gt; # **not bold**\n\nnext</code></pre>',
    );
  });

  it('escapes text and inline code, and links only to http(s) or site paths', () => {
    expect(
      markdownToHtml(
        '<script>x</script> `<b>` [docs](/docs) [ext](https://a.example/?a=1&b=2) [bad](javascript:alert(1))',
      ),
    ).toBe(
      '<p>&lt;script&gt;x&lt;/script&gt; <code>&lt;b&gt;</code> <a href="/docs">docs</a> <a href="https://a.example/?a=1&amp;b=2">ext</a> <a href="#">bad</a>)</p>',
    );
  });

  it('does not treat markup inside inline code as bold or links', () => {
    expect(markdownToHtml('`**a** [b](/c)`')).toBe('<p><code>**a** [b](/c)</code></p>');
  });
});

import fc from 'fast-check';
import { htmlText, sanitizeDescription, sanitizedText } from '../../../../shared/product-text/sanitize';

// sanitizedText must give exactly what parsing sanitizeDescription's output again (htmlText) gives.
const FRAGMENTS = [
  '<p>',
  '</p>',
  '<div class="x">',
  '</div>',
  '<br>',
  '<br/>',
  '<br />',
  '<h1>',
  '</h1>',
  '<h5>',
  '<ul><li>',
  '</li></ul>',
  '<table><tr><td>',
  '</td></tr></table>',
  '<a href="https://x.example/?a=1&b=2">',
  '<a href="javascript:alert(1)">',
  '<a href=\'https://x.example/"q"\' title="t">',
  '</a>',
  '<strong>',
  '</strong>',
  '<em>',
  '<script>alert("x<y")</script>',
  '<style>p { color: red }</style>',
  '<textarea>t</textarea>',
  '<option>o</option>',
  '<!-- a comment -->',
  '<![CDATA[x]]>',
  '<img src=x onerror=y>',
  '<p title="a>b">',
  '<b',
  '<',
  '>',
  '</',
  '&',
  '&amp;',
  '&amp;lt;',
  '&lt;',
  '&gt;',
  '&quot;',
  '&#39;',
  '&nbsp;',
  '&eacute;',
  '&#x41;',
  '&#65;',
  '&bogus;',
  '&#0;',
  '"',
  "'",
  '\n',
  '\t',
  ' ',
  '\u00a0',
  'x',
  'Wörter & Sätze',
];

const html = fc
  .array(
    fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 4 })),
    {
      maxLength: 30,
    },
  )
  .map((parts) => parts.join(''));

describe('sanitizedText', () => {
  it('gives the text htmlText gives of sanitised HTML', () => {
    fc.assert(
      fc.property(html, (raw) => {
        const sanitized = sanitizeDescription(raw);
        expect(sanitizedText(sanitized)).toBe(htmlText(sanitized));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps escaped markup as text and drops every tag', () => {
    const sanitized = sanitizeDescription('<p>1 &lt; 2 &amp; <b>3</b></p><script>x</script>&nbsp;end<br>');
    expect(sanitizedText(sanitized)).toBe('1 < 2 & 3 end');
    expect(sanitizedText(sanitized)).toBe(htmlText(sanitized));
  });
});

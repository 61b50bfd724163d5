// Compares the JavaScript analysis (both engines' source of truth) with the same chains built from Lucene's classes.
// Needs a JDK and Debian's liblucene8-java; not part of the test suite. Run: npx tsx scripts/lucene-parity/compare.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnalyzer } from '../../shared/search/analysis/analyzer';
import { foldCharFilterRules } from '../../shared/search/elasticsearch/analysis-settings';
import { fixtureDocuments } from '../../tests/unit/shared/search/contract/fixture';

const CLASSPATH = '/usr/share/java/*';
const EXTRA =
  'Smørrebrød Ærø Łódź Œuvre Straße STRAẞE Þór Đakovo Ħamrun İstanbul Größe Häuser Kläder Jäckor Fjällräven Björn Ørsted naïve façade Zürich œuvres Lanterns';

/** [language, text] pairs: every fixture text, and the extra words, each as one whole text. */
function corpus(): [string, string][] {
  const texts: [string, string][] = [];
  for (const doc of fixtureDocuments())
    for (const [lang, text] of Object.entries(doc.text))
      texts.push([lang, `${text.name} ${text.brand} ${text.description}`]);
  for (const lang of ['en', 'sv', 'de']) for (const word of EXTRA.split(' ')) texts.push([lang, word]);
  return texts;
}

const dir = mkdtempSync(join(tmpdir(), 'lucene-parity-'));
writeFileSync(join(dir, 'rules.txt'), `${foldCharFilterRules().join('\n')}\n`);
execFileSync('javac', ['-cp', CLASSPATH, '-d', dir, join(__dirname, 'AnalyzerPeer.java')]);
// Whole texts go to Lucene untokenized, so tokenization, case and folding are compared together.
const words = corpus();
const lines = words.flatMap(([lang, text]) => [`aisle_${lang}\t${text}`, `aisle_folded\t${text}`]);
const out = execFileSync('java', ['-cp', `${dir}:${CLASSPATH}`, 'AnalyzerPeer', join(dir, 'rules.txt')], {
  input: `${lines.join('\n')}\n`,
})
  .toString()
  .split('\n');
let mismatches = 0;
words.forEach(([lang, text], i) => {
  const tokens = createAnalyzer(lang).analyze(text);
  const expected = [tokens.map((t) => t.term).join(' '), tokens.map((t) => t.surface).join(' ')];
  const actual = [out[2 * i], out[2 * i + 1]];
  if (expected[0] !== actual[0] || expected[1] !== actual[1]) {
    mismatches++;
    console.log(`${lang} ${text}: javascript ${expected.join(' / ')}  lucene ${actual.join(' / ')}`);
  }
});
console.log(`${words.length} texts, ${mismatches} mismatches (stemmed / folded)`);
rmSync(dir, { recursive: true, force: true });
process.exitCode = mismatches === 0 ? 0 : 1;

import { guideCommands, shellWords } from '../../support/guide-commands';

describe('guide commands', () => {
  it('splits words with single and double quotes and drops a comment tail', () => {
    expect(shellWords(`npm run cli -- x --name "Demo outlet" --json '{"a":"b c"}'   # note`)).toEqual([
      'npm',
      'run',
      'cli',
      '--',
      'x',
      '--name',
      'Demo outlet',
      '--json',
      '{"a":"b c"}',
    ]);
    expect(shellWords('a b#c')).toEqual(['a', 'b#c']);
    expect(() => shellWords('a "b')).toThrow('unclosed');
  });

  it('takes fenced lines and inline code that start with a program, in document order', () => {
    const md = [
      'Run `npm run cli -- diff --x 1` first.',
      '```sh',
      'KEY=1',
      'curl -H "K: $KEY" http://h/v1',
      '```',
      '`--kind secret` is not one.',
    ].join('\n');
    expect(guideCommands(md, ['npm run cli --', 'curl'])).toEqual([
      ['npm', 'run', 'cli', '--', 'diff', '--x', '1'],
      ['curl', '-H', 'K: $KEY', 'http://h/v1'],
    ]);
  });
});

/**
 * The shell commands of a Markdown guide, in document order: lines of fenced `sh` blocks and inline code spans
 * that start with one of `programs`, split into words the way a POSIX shell would for these simple commands
 * (single and double quotes, `# comment` tails); `$NAME` is left for the caller to substitute.
 */
export function guideCommands(markdown: string, programs: readonly string[]): string[][] {
  const commands: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^```/.test(line)) {
      fenced = !fenced;
      continue;
    }
    const candidates = fenced ? [line] : [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
    commands.push(...candidates.filter((c) => programs.some((p) => c.startsWith(`${p} `))));
  }
  return commands.map(shellWords);
}

export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) throw new Error(`unclosed ${c} in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === ' ' || c === '\t') {
      if (word !== null) words.push(word);
      word = null;
    } else if (c === '#' && word === null) {
      break;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

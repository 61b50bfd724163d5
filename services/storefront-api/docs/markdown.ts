/**
 * A small Markdown subset to HTML, enough for the guides this service writes itself: headings (#, ##, ###),
 * paragraphs, fenced code blocks, `-` lists, inline code, **bold** and [links](url). Everything is escaped
 * first, so text can never inject markup.
 */
export function markdownToHtml(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length > 0) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    if (list !== null) out.push(`<ul>\n${list.map((item) => `<li>${inline(item)}</li>`).join('\n')}\n</ul>`);
    paragraph = [];
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = /^```(\w*)\s*$/.exec(line);
    const heading = /^(#{1,3}) (.+)$/.exec(line);
    if (fence !== null) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !/^```\s*$/.test(lines[i])) code.push(lines[i]);
      out.push(
        `<pre><code${fence[1] ? ` class="language-${fence[1]}"` : ''}>${escapeHtml(code.join('\n'))}</code></pre>`,
      );
    } else if (heading !== null) {
      flush();
      out.push(`<h${heading[1].length}>${inline(heading[2])}</h${heading[1].length}>`);
    } else if (/^- /.test(line)) {
      if (paragraph.length > 0) flush();
      list ??= [];
      list.push(line.slice(2));
    } else if (line.trim() === '') {
      flush();
    } else if (list !== null && /^ {2}\S/.test(line)) {
      list[list.length - 1] += ` ${line.trim()}`;
    } else {
      if (list !== null) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return out.join('\n');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Inline code first (its content stays literal), then bold and links in the text between code spans. */
function inline(text: string): string {
  return text
    .split(/(`[^`]+`)/)
    .map((part) => {
      if (/^`[^`]+`$/.test(part)) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      return escapeHtml(part)
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
        .replace(
          /\[([^\]]+)\]\(([^)\s]+)\)/g,
          (_m, label: string, href: string) => `<a href="${/^(https?:\/\/|\/)/.test(href) ? href : '#'}">${label}</a>`,
        );
    })
    .join('');
}

/**
 * A decimal string with at least two and otherwise only significant decimals, without going through a float:
 * "129.0000" -> "129.00", "12.3450" -> "12.345", "5" -> "5.00".
 */
export function decimalString(raw: string): string {
  const [whole = '0', fraction = ''] = raw.trim().split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Searchable words of stored HTML: tags become spaces, the common entities their characters. Not for display. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

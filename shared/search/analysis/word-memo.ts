/**
 * Analysed words by word, within a bound in bytes (UTF-16 code units of the keys and values, plus a fixed cost per
 * entry): a catalogue's vocabulary is small next to its word count, so a build analyses each word once instead of
 * thousands of times. Past the bound it starts empty again, which keeps a hit to one lookup.
 */
export class WordMemo<V> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  /** What one entry costs beyond its strings: the map slot and the value object. */
  static readonly ENTRY_BYTES = 96;

  /** `chars` counts the UTF-16 code units of a value's strings. */
  constructor(
    private readonly maxBytes: number,
    private readonly chars: (value: V) => number,
  ) {}

  get(word: string): V | undefined {
    return this.entries.get(word);
  }

  /** Keeps `value` for `word` (unless it alone exceeds the bound) and returns it. */
  put(word: string, value: V): V {
    const cost = WordMemo.ENTRY_BYTES + 2 * (word.length + this.chars(value));
    if (cost > this.maxBytes) return value;
    if (this.bytes + cost > this.maxBytes) {
      this.entries.clear();
      this.bytes = 0;
    }
    this.entries.set(word, value);
    this.bytes += cost;
    return value;
  }

  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

import { randomBytes } from 'node:crypto';
import { asciiJson, escapeNonAscii, worthEscaping } from './ascii-json';

// What a JsonText stands as while an answer is encoded: a string no other value can encode to, short of holding
// this process's random part (which never leaves it), so the marks in the encoding are the JsonTexts' alone.
const MARK = `\u0000${randomBytes(12).toString('base64url')}`;
const MARK_JSON = JSON.stringify(MARK);

// The texts of the answer being encoded, in the order JSON.stringify meets them. toJSON is called synchronously,
// inside answerJson's JSON.stringify, and has no way to be handed a context: hence this one slot.
let encoding: JsonText[] | null = null;

/**
 * A value already encoded as JSON, written verbatim where it stands in an answer (see answerJson): a part many
 * answers share is encoded once, and escaped (see asciiJson) at most once. Encoded by anything else (a plain
 * JSON.stringify), it is its parsed value.
 */
export class JsonText {
  /** UTF-8 bytes beyond one a character: what asciiJson weighs. */
  readonly extraBytes: number;
  private ascii: string | undefined;

  constructor(readonly text: string) {
    this.extraBytes = Buffer.byteLength(text) - text.length;
  }

  /** The text with its non-ASCII characters escaped (made once). */
  escaped(): string {
    if (this.ascii === undefined) this.ascii = this.extraBytes === 0 ? this.text : escapeNonAscii(this.text);
    return this.ascii;
  }

  toJSON(): unknown {
    if (encoding === null) return JSON.parse(this.text);
    encoding.push(this);
    return MARK;
  }
}

/**
 * The answer as JSON, each JsonText in it written as its text, escaped as asciiJson would escape the whole: the
 * rest is escaped apart, and each text's escaped form is its own (a shared part is escaped once, not per answer).
 */
export function answerJson(body: unknown): string {
  const texts: JsonText[] = [];
  encoding = texts;
  let json: string;
  try {
    json = JSON.stringify(body);
  } finally {
    encoding = null;
  }
  if (texts.length === 0) return asciiJson(json);
  let extraBytes = Buffer.byteLength(json) - json.length;
  let length = json.length - texts.length * MARK_JSON.length;
  for (const text of texts) {
    extraBytes += text.extraBytes;
    length += text.text.length;
  }
  const escaped = worthEscaping(extraBytes, length);
  const parts = (escaped ? escapeNonAscii(json) : json).split(MARK_JSON);
  if (parts.length !== texts.length + 1) throw new Error('an answer held a JsonText mark of its own');
  let out = parts[0] as string;
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] as JsonText;
    out += (escaped ? text.escaped() : text.text) + (parts[i + 1] as string);
  }
  return out;
}

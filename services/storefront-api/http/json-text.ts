import { randomBytes } from 'node:crypto';
import { asciiJson } from './ascii-json';

// What a JsonText stands as while an answer is encoded: a string no other value can encode to, short of holding
// this process's random part (which never leaves it), so the marks in the encoding are the JsonTexts' alone.
const MARK = `\u0000${randomBytes(12).toString('base64url')}`;
const MARK_JSON = JSON.stringify(MARK);

// The texts of the answer being encoded, in the order JSON.stringify meets them. toJSON is called synchronously,
// inside answerJson's JSON.stringify, and has no way to be handed a context: hence this one slot.
let encoding: string[] | null = null;

/**
 * A value already encoded as JSON, written verbatim where it stands in an answer (see answerJson): a part many
 * answers share is encoded once. Encoded by anything else (a plain JSON.stringify), it is its parsed value.
 */
export class JsonText {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    if (encoding === null) return JSON.parse(this.text);
    encoding.push(this.text);
    return MARK;
  }
}

/** The answer as JSON (ASCII only, see asciiJson), each JsonText in it written as its text. */
export function answerJson(body: unknown): string {
  const texts: string[] = [];
  encoding = texts;
  let json: string;
  try {
    json = JSON.stringify(body);
  } finally {
    encoding = null;
  }
  if (texts.length === 0) return asciiJson(json);
  const parts = json.split(MARK_JSON);
  if (parts.length !== texts.length + 1) throw new Error('an answer held a JsonText mark of its own');
  let out = parts[0] as string;
  for (let i = 0; i < texts.length; i++) out += (texts[i] as string) + (parts[i + 1] as string);
  return asciiJson(out);
}

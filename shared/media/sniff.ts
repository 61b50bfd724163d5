/** What the first bytes of a source say it is. */
export type Sniffed =
  | { kind: 'image'; format: 'png' | 'jpeg' | 'webp' | 'avif' | 'gif' | 'tiff' }
  | { kind: 'video'; format: 'mp4' | 'webm'; mime: string }
  | { kind: 'file'; format: 'pdf'; mime: 'application/pdf' }
  | null;

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');

/** Sniffs a source's type from its magic bytes (never from a name or a Content-Type a server claims). */
export function sniff(bytes: Uint8Array): Sniffed {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG') return { kind: 'image', format: 'png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { kind: 'image', format: 'jpeg' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { kind: 'image', format: 'webp' };
  if (ascii(bytes, 0, 4) === 'GIF8') return { kind: 'image', format: 'gif' };
  if (ascii(bytes, 0, 4) === 'II*\u0000' || ascii(bytes, 0, 4) === 'MM\u0000*')
    return { kind: 'image', format: 'tiff' };
  if (ascii(bytes, 0, 5) === '%PDF-') return { kind: 'file', format: 'pdf', mime: 'application/pdf' };
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return { kind: 'video', format: 'webm', mime: 'video/webm' };
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'avif' || brand === 'avis' || brand === 'heic' || brand === 'mif1')
      return { kind: 'image', format: 'avif' };
    return { kind: 'video', format: 'mp4', mime: 'video/mp4' };
  }
  return null;
}

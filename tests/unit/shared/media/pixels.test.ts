import { classifyBackground, dominantColour, type Pixels } from '../../../../shared/media/pixels';
import { sniff } from '../../../../shared/media/sniff';

type Rgba = [number, number, number, number];

/** A `size`×`size` image of `bg` with a centred square of `fg` covering the middle half. */
function picture(size: number, bg: Rgba, fg: Rgba): Pixels {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inside = x >= size / 4 && x < (size * 3) / 4 && y >= size / 4 && y < (size * 3) / 4;
      data.set(inside ? fg : bg, (y * size + x) * 4);
    }
  }
  return { data, width: size, height: size };
}

const RED: Rgba = [200, 49, 47, 255];

describe('background classification', () => {
  it('white, transparent or light from the frame', () => {
    expect(classifyBackground(picture(64, [255, 255, 255, 255], RED))).toBe('white');
    expect(classifyBackground(picture(64, [250, 248, 246, 255], RED))).toBe('white');
    expect(classifyBackground(picture(64, [0, 0, 0, 0], RED))).toBe('transparent');
    expect(classifyBackground(picture(64, [239, 234, 226, 255], RED))).toBe('light');
  });

  it('a subject that fills the frame is not a white background', () => {
    expect(classifyBackground(picture(64, RED, RED))).toBe('light');
  });
});

describe('dominant colour', () => {
  it('is the subject, not the background', () => {
    expect(dominantColour(picture(64, [255, 255, 255, 255], RED))).toBe('#c8312f');
    expect(dominantColour(picture(64, [0, 0, 0, 0], [31, 42, 68, 255]))).toBe('#1f2a44');
    expect(dominantColour(picture(64, [239, 234, 226, 255], [47, 111, 214, 255]))).toBe('#2f6fd6');
  });

  it('of an image that is all background is the background colour', () => {
    expect(dominantColour(picture(32, [250, 250, 250, 255], [250, 250, 250, 255]))).toBe('#fafafa');
  });
});

describe('sniff', () => {
  const bytes = (head: number[] | string) => {
    const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
    return Buffer.concat([start, Buffer.alloc(16)]);
  };
  it('tells sources apart by their magic bytes', () => {
    expect(sniff(bytes([0x89, 0x50, 0x4e, 0x47]))).toEqual({ kind: 'image', format: 'png' });
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ kind: 'image', format: 'jpeg' });
    expect(sniff(bytes('%PDF-1.7'))).toEqual({ kind: 'file', format: 'pdf', mime: 'application/pdf' });
    expect(sniff(bytes('\u0000\u0000\u0000\u0018ftypisom'))).toEqual({
      kind: 'video',
      format: 'mp4',
      mime: 'video/mp4',
    });
    expect(sniff(bytes('\u0000\u0000\u0000\u001cftypavif'))).toEqual({ kind: 'image', format: 'avif' });
    expect(sniff(bytes([0x1a, 0x45, 0xdf, 0xa3]))).toEqual({ kind: 'video', format: 'webm', mime: 'video/webm' });
    expect(sniff(bytes('hello world, not media'))).toBeNull();
  });
});

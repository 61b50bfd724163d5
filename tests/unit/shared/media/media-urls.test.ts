import { announcedPaths, mediaBlock, parseMediaPath, renditionPath } from '../../../../shared/media/media-urls';
import { imageDescriptor } from './descriptor-fixture';

const HEX = 'a'.repeat(64);

describe('parseMediaPath', () => {
  it('reads the four templates', () => {
    expect(parseMediaPath(`/r/${HEX}/1/640.avif`)).toEqual({
      route: 'image',
      hex: HEX,
      recipe: 1,
      width: 640,
      format: 'avif',
    });
    expect(parseMediaPath(`/p/${HEX}/2/320.jpeg`)).toEqual({
      route: 'poster',
      hex: HEX,
      recipe: 2,
      width: 320,
      format: 'jpeg',
    });
    expect(parseMediaPath(`/v/${HEX}/1/source.mp4`)).toEqual({
      route: 'video',
      hex: HEX,
      recipe: 1,
      variant: 'source',
      format: 'mp4',
    });
    expect(parseMediaPath(`/f/${HEX}/1/user%20manual.pdf`)).toEqual({
      route: 'file',
      hex: HEX,
      recipe: 1,
      filename: 'user manual.pdf',
    });
  });

  it.each([
    ['traversal', `/r/${HEX}/1/../../etc/passwd`],
    ['dot segment in a file name', `/f/${HEX}/1/..`],
    ['encoded dot segment', `/f/${HEX}/1/%2e%2e`],
    ['encoded slash', `/f/${HEX}/1/..%2f..%2fetc%2fpasswd`],
    ['encoded backslash', `/f/${HEX}/1/..%5cboot.ini`],
    ['NUL', `/f/${HEX}/1/manual.pdf%00.png`],
    ['bad percent-encoding', `/f/${HEX}/1/%E0%A4%A`],
    ['encoded traversal in the hash', `/r/%2e%2e/1/640.avif`],
    ['upper-case hash', `/r/${'A'.repeat(64)}/1/640.avif`],
    ['sha256: prefix', `/r/sha256:${HEX}/1/640.avif`],
    ['recipe 0', `/r/${HEX}/0/640.avif`],
    ['leading zero width', `/r/${HEX}/1/0640.avif`],
    ['unknown format', `/r/${HEX}/1/640.webp`],
    ['poster format in the image route with a query-like suffix', `/r/${HEX}/1/640.avif.jpeg`],
    ['unknown route', `/x/${HEX}/1/640.avif`],
    ['trailing slash', `/r/${HEX}/1/640.avif/`],
  ])('refuses %s', (_name, path) => {
    expect(parseMediaPath(path)).toBeNull();
  });
});

describe('announced URLs', () => {
  it('are every width times every format, and nothing else', () => {
    const d = imageDescriptor({ widths: [320, 640], formats: ['avif', 'jpeg'] });
    expect(announcedPaths(d)).toEqual([
      `/r/${HEX}/1/320.avif`,
      `/r/${HEX}/1/320.jpeg`,
      `/r/${HEX}/1/640.avif`,
      `/r/${HEX}/1/640.jpeg`,
    ]);
    expect(renditionPath(d, 1024, 'avif')).toBeNull();
  });

  it('the site media block carries the spec templates under the host base URL', () => {
    expect(mediaBlock('https://media.example/')).toEqual({
      baseUrl: 'https://media.example',
      templates: {
        image: '/r/{hash}/{recipe}/{width}.{format}',
        video: '/v/{hash}/{recipe}/{variant}.{format}',
        poster: '/p/{hash}/{recipe}/{width}.avif',
        file: '/f/{hash}/{recipe}/{filename}',
      },
    });
  });
});

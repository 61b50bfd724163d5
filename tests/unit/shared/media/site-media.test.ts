import { DEFAULT_MEDIA_BASE_URL } from '../../../../shared/media/media-config';
import { mediaBlockFromEnv } from '../../../../shared/media/site-media';

describe('mediaBlockFromEnv', () => {
  it('points at MEDIA_BASE_URL, else at the media host npm start runs', () => {
    expect(mediaBlockFromEnv({ MEDIA_BASE_URL: 'https://media.shop.example/' }).baseUrl).toBe('https://media.shop.example');
    expect(mediaBlockFromEnv({}).baseUrl).toBe(DEFAULT_MEDIA_BASE_URL);
    expect(DEFAULT_MEDIA_BASE_URL).toBe('http://127.0.0.1:3004');
    expect(() => mediaBlockFromEnv({ MEDIA_BASE_URL: 'ftp://media.example' })).toThrow(/MEDIA_BASE_URL/);
  });
});

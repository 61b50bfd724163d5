import { DEFAULT_MEDIA_BASE_URL, mediaSourceConfigSchema } from '../../../../shared/media/media-config';
import { mediaBlockFromEnv } from '../../../../shared/media/site-media';

describe('mediaBlockFromEnv', () => {
  it('points at MEDIA_BASE_URL, else at the media host npm start runs', () => {
    expect(mediaBlockFromEnv({ MEDIA_BASE_URL: 'https://media.shop.example/' }).baseUrl).toBe(
      'https://media.shop.example',
    );
    expect(mediaBlockFromEnv({}).baseUrl).toBe(DEFAULT_MEDIA_BASE_URL);
    expect(DEFAULT_MEDIA_BASE_URL).toBe('http://127.0.0.1:3004');
    expect(() => mediaBlockFromEnv({ MEDIA_BASE_URL: 'ftp://media.example' })).toThrow(/MEDIA_BASE_URL/);
  });
});

describe('mediaSourceConfigSchema', () => {
  it('defaults to 10 s, 50 MiB and no private addresses; the flag is read as a boolean', () => {
    expect(mediaSourceConfigSchema.parse({})).toEqual({
      MEDIA_FETCH_TIMEOUT_MS: 10_000,
      MEDIA_FETCH_MAX_BYTES: 50 * 1024 * 1024,
      MEDIA_FETCH_ALLOW_PRIVATE: false,
    });
    expect(
      mediaSourceConfigSchema.parse({ MEDIA_FETCH_ALLOW_PRIVATE: 'true', MEDIA_FETCH_TIMEOUT_MS: '2500' }),
    ).toMatchObject({ MEDIA_FETCH_ALLOW_PRIVATE: true, MEDIA_FETCH_TIMEOUT_MS: 2500 });
    expect(mediaSourceConfigSchema.safeParse({ MEDIA_FETCH_ALLOW_PRIVATE: 'yes' }).success).toBe(false);
  });
});

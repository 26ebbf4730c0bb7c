import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { contentSecurityPolicy } from '../../src/server/http/security-headers.js';

const secret = { jwtSecret: 'a-test-secret-of-at-least-32-characters' };
const s3 = {
  MEDIA_STORE: 's3',
  S3_BUCKET: 'shop-media',
  MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/',
};

/* Where the pictures go (docs/deploy.md § Media on object storage). */
describe('MEDIA_STORE, S3_* and MEDIA_PUBLIC_URL', () => {
  it('keeps pictures on disk, served at /media/, by default', () => {
    expect(loadConfig({}, secret).media).toEqual({ store: 'disk', publicUrl: undefined });
  });

  it('puts a CDN in front of the disk with MEDIA_PUBLIC_URL (its trailing slash dropped)', () => {
    expect(loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/' }, secret).media).toEqual({
      store: 'disk',
      publicUrl: 'https://cdn.example.com/media',
    });
  });

  it('reads every S3 setting; the region defaults to us-east-1, path style is off', () => {
    expect(loadConfig(s3, secret).media).toEqual({
      store: 's3',
      publicUrl: 'https://cdn.example.com/media',
      s3: {
        endpoint: undefined,
        bucket: 'shop-media',
        region: 'us-east-1',
        credentials: undefined,
        forcePathStyle: false,
      },
    });
    const local = loadConfig(
      {
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      },
      secret,
    ).media;
    expect(local).toMatchObject({
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-central-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    });
  });

  it('refuses to start with s3 but no bucket or no public URL, naming what is missing', () => {
    expect(() => loadConfig({ MEDIA_STORE: 's3' }, secret)).toThrow(/MEDIA_STORE=s3 needs S3_BUCKET, MEDIA_PUBLIC_URL/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: ' ' }, secret)).toThrow(/MEDIA_STORE=s3 needs S3_BUCKET \(/);
    expect(() => loadConfig({ ...s3, MEDIA_PUBLIC_URL: undefined }, secret)).toThrow(
      /MEDIA_STORE=s3 needs MEDIA_PUBLIC_URL/,
    );
  });

  it('refuses one key without the other, a store it does not know and URLs that are not http(s) bases', () => {
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'key' }, secret)).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: 'secret' }, secret)).toThrow(/go together/);
    expect(() => loadConfig({ MEDIA_STORE: 'gcs' }, secret)).toThrow(/MEDIA_STORE/);
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' }, secret)).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ ...s3, MEDIA_PUBLIC_URL: 'cdn.example.com' }, secret)).toThrow(/MEDIA_PUBLIC_URL/);
    expect(() => loadConfig({ ...s3, MEDIA_PUBLIC_URL: 'ftp://cdn.example.com' }, secret)).toThrow(
      /MEDIA_PUBLIC_URL: "ftp:\/\/cdn.example.com" must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ ...s3, MEDIA_PUBLIC_URL: 'https://cdn.example.com/?v=1' }, secret)).toThrow(
      /without a query/,
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'localhost:9000' }, secret)).toThrow(/S3_ENDPOINT/);
  });

  it("lets the pages show pictures from MEDIA_PUBLIC_URL's origin", () => {
    expect(contentSecurityPolicy('n', undefined, 'https://cdn.example.com')).toContain(
      "img-src 'self' data: blob: https://cdn.example.com;",
    );
    expect(contentSecurityPolicy('n')).toContain("img-src 'self' data: blob:;");
  });
});

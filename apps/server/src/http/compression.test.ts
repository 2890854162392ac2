import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { COMPRESS_MIN_BYTES, chooseEncoding } from './compression';
import { OPENAPI_PATH } from './openapi';

describe('compressed JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('a large JSON answer goes as Brotli or gzip, as offered, and decodes to the same JSON', async () => {
    const plain = await get(OPENAPI_PATH);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);

    const br = await get(OPENAPI_PATH, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await get(OPENAPI_PATH, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('a small answer, a refused encoding and an unknown one go as they are', async () => {
    const health = await get('/api/v1/health', 'gzip, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ success: true });
    expect((await get(OPENAPI_PATH, 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    expect((await get(OPENAPI_PATH, 'compress')).headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding as HTTP says: q-values, a star, several headers', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBeNull();
    expect(chooseEncoding('br;q=0, *')).toBe('gzip');
    expect(chooseEncoding('GZIP; q=0.5')).toBe('gzip');
    expect(chooseEncoding(['deflate', 'br'])).toBe('br');
  });
});

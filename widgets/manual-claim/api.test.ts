/**
 * The manual claim's calls through the request layer (docs/offline.md "Photos"): one photo's
 * Idempotency-Key, and the upload's request.
 */
import { HttpResponse } from 'msw';
import { route, sent, server } from '../../test/api/server';
import { configureClient } from '../../shared/api/policy';
import { uploadKey, uploadPhoto } from './api';
import { sha256Hex } from './photoCheck';

const DIGEST = 'a'.repeat(64);

describe('uploadKey', () => {
  it('is the SHA-256 of the journey id and the photo digest: the same photo and claim, the same key', async () => {
    const key = await uploadKey('700110', DIGEST);
    expect(key).toBe(await sha256Hex(new TextEncoder().encode(`700110\n${DIGEST}`)));
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await expect(uploadKey('700110', DIGEST)).resolves.toBe(key);
  });

  it('differs for another journey or another photo', async () => {
    const key = await uploadKey('700110', DIGEST);
    await expect(uploadKey('700111', DIGEST)).resolves.not.toBe(key);
    await expect(uploadKey('700110', 'b'.repeat(64))).resolves.not.toBe(key);
  });

  it('without a digest (no crypto.subtle), a new random key each time', async () => {
    const first = await uploadKey('700110', null);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    await expect(uploadKey('700110', null)).resolves.not.toBe(first);
  });
});

describe('uploadPhoto', () => {
  it('POSTs the photo as the multipart field file with its name, Journey-Id and key; answers the body text', async () => {
    configureClient({ retry: { retries: 0 } });
    let form: FormData | undefined;
    server.use(
      route('post', '/tickets/upload', async ({ request }) => {
        form = await request.formData();
        return HttpResponse.text('"up_1"');
      }),
    );
    const blob = new Blob(['bytes'], { type: 'image/png' });
    await expect(uploadPhoto('700110', { name: 'ticket.png', blob, key: 'k-1' })).resolves.toBe('"up_1"');
    expect(form?.get('file')).toMatchObject({ name: 'ticket.png', size: 5 });
    const { headers } = sent('POST')[0];
    expect([headers.get('Journey-Id'), headers.get('Idempotency-Key')]).toEqual(['700110', 'k-1']);
  });
});

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@shared/api/routes';
import { freshTenant } from './support/api-actions';
import { useApiSuite } from './support/api-suite';
import { TEST_DATABASES, type TestApp } from './support/test-app';
import { fileForm, pdfBytes as pdf, pngBytes as png } from './support/upload-files';

const MB = 1024 * 1024;
/** A PDF's signature and nothing more. */
const PDF_HEAD = pdf(0);
const imageForm = (file: Buffer, name: string) =>
  fileForm(file, name, { fields: { purpose: 'image' }, type: 'image/png' });
const form = (file: Buffer, name: string, fields: Record<string, string> = {}, field = 'file') =>
  fileForm(file, name, { fields, field });

describe.each(TEST_DATABASES)('uploads API (%s)', (kind) => {
  const suite = useApiSuite(kind);
  let app: TestApp;
  let admin: string;
  let user: string;

  const upload = (body: FormData, token = admin) =>
    app.request('POST', apiRoutes.uploads.create(), { token, raw: body });

  beforeAll(() => {
    app = suite.app;
    admin = suite.tenant.admin.token;
    user = suite.tenant.user.token;
  });

  it('stores a knowledge PDF under a server-made key and answers fileId, fileUrl and url', async () => {
    const data = pdf(4096);
    const res = await upload(form(data, 'Price list.pdf'));
    expect(res.status, res.text).toBe(201);
    const { fileId } = res.body;
    expect(res.body).toEqual({
      fileId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      fileUrl: apiRoutes.uploads.byId(fileId),
      url: apiRoutes.uploads.byId(fileId),
      fileName: 'Price list.pdf',
      mimeType: 'application/pdf',
      size: data.length,
    });
    const row = await app.deps.db('uploads').where({ id: fileId }).first();
    expect(row).toMatchObject({ kind: 'knowledge', storage_key: `${fileId}.pdf`, size_bytes: data.length });

    const download = await app.request('GET', apiRoutes.uploads.byId(fileId), { token: user });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Price list.pdf"; filename*=UTF-8''Price%20list.pdf`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.text).toBe(data.toString('latin1'));
  });

  it('accepts a PDF of exactly 5 MB', async () => {
    const res = await upload(form(pdf(5 * MB), 'big.pdf'));
    expect(res.status, res.text).toBe(201);
  });

  it('stores images with purpose image', async () => {
    const res = await upload(imageForm(png(640, 480), 'logo.png'));
    expect(res.status, res.text).toBe(201);
    expect(res.body.mimeType).toBe('image/png');
    expect((await app.deps.db('uploads').where({ id: res.body.fileId }).first()).kind).toBe('image');
  });

  it.each([
    [
      'a renamed Windows executable',
      Buffer.concat([Buffer.from('MZ\x90\x00\x03'), Buffer.alloc(512)]),
      'invoice.pdf',
      {},
    ],
    [
      'an HTML page named .pdf',
      Buffer.from('<!doctype html><script>alert(document.cookie)</script>'),
      'report.pdf',
      {},
    ],
    ['an image sent as knowledge', png(10, 10), 'photo.pdf', {}],
    [
      'an SVG image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'logo.svg',
      { purpose: 'image' },
    ],
    ['a PDF sent as an image', pdf(), 'logo.png', { purpose: 'image' }],
    ['an empty file', Buffer.alloc(0), 'empty.pdf', {}],
  ])('refuses %s with 415, by its bytes', async (_name, data, fileName, fields) => {
    const before = await app.deps.db('uploads').count({ n: '*' }).first();
    const res = await upload(form(data, fileName, fields));
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await app.deps.db('uploads').count({ n: '*' }).first()).toEqual(before);
  });

  it('says which types are allowed', async () => {
    const knowledge = await upload(form(Buffer.from('MZ'), 'x.pdf'));
    expect(knowledge.body.message).toBe('Only PDF files are allowed');
    const image = await upload(form(pdf(), 'x.png', { purpose: 'image' }));
    expect(image.body.message).toBe('Only JPEG, PNG, GIF, and WebP images are allowed');
  });

  it('refuses a PDF of 5 MB + 1 byte with 413', async () => {
    const res = await upload(form(pdf(5 * MB + 1), 'too-big.pdf'));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'File size must be less than 5MB' });
  });

  it('refuses an image of 10 MB + 1 byte with 413', async () => {
    const res = await upload(imageForm(png(100, 100, 10 * MB + 1), 'huge.png'));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size must be less than 10MB');
  });

  it('refuses a pixel flood (a small file that decodes to over 50 megapixels)', async () => {
    const res = await upload(imageForm(png(20_000, 20_000), 'flood.png'));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The image is too large: at most 50 megapixels are allowed.');
  });

  it('answers 413 while the body is still arriving: it never waits for the rest', async () => {
    const boundary = 'parleyboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="endless.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    let sent = 0;
    let cancelled = false;
    // A chunked body with no Content-Length that would go on for ever: 413 must come once 5 MB have passed.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(Buffer.concat([head, PDF_HEAD]));
      },
      async pull(controller) {
        if (sent > 50 * MB) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const abort = new AbortController();
    const response = await fetch(`${app.baseUrl}${apiRoutes.uploads.create()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
      signal: abort.signal,
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(20 * MB);
    abort.abort();
    expect(cancelled || sent < 20 * MB).toBe(true);
  });

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const url = new URL(`${app.baseUrl}${apiRoutes.uploads.create()}`);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${admin}`,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(50 * MB),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
      // Only the first bytes of the promised 50 MB are ever sent.
      req.write('--x\r\n');
    });
    expect(status).toBe(413);
  });

  it.each([
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['..\\..\\boot.ini.pdf', 'boot.ini.pdf'],
    ['%2e%2e%2fsecret.pdf', '%2e%2e%2fsecret.pdf'],
    ['evil\u202Efdp.exe', 'evilfdp.exe'],
    [`${'n'.repeat(400)}.pdf`, `${'n'.repeat(251)}.pdf`],
  ])('makes the name %j harmless (%j); storage keys are ours', async (name, expected) => {
    const res = await upload(form(pdf(), name));
    expect(res.status, res.text).toBe(201);
    expect(res.body.fileName).toBe(expected);
    const row = await app.deps.db('uploads').where({ id: res.body.fileId }).first();
    expect(row.storage_key).toBe(`${res.body.fileId}.pdf`);
  });

  it.each([
    ['a JSON body', { 'content-type': 'application/json' }, '{}', 415],
    ['a multipart body without a file', {}, null, 400],
  ])('refuses %s', async (_name, headers, raw, status) => {
    const body =
      raw === null
        ? (() => {
            const f = new FormData();
            f.append('purpose', 'knowledge');
            return f;
          })()
        : raw;
    const res = await app.request('POST', apiRoutes.uploads.create(), { token: admin, headers, raw: body });
    expect(res.status).toBe(status);
  });

  it('refuses a file in another field and an unknown purpose with 400', async () => {
    expect((await upload(form(pdf(), 'a.pdf', {}, 'document'))).status).toBe(400);
    const res = await upload(form(pdf(), 'a.pdf', { purpose: 'script' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Purpose must be knowledge or image');
  });

  it('is for admins', async () => {
    expect((await upload(form(pdf(), 'a.pdf'), user)).status).toBe(403);
    expect((await app.request('POST', apiRoutes.uploads.create(), { raw: form(pdf(), 'a.pdf') })).status).toBe(401);
  });

  it('hides uploads from other tenants: 404 exactly like a missing id', async () => {
    const mine = await upload(form(pdf(), 'private.pdf'));
    const otherAdmin = (await freshTenant(app)).admin.token;
    const foreign = await app.request('GET', apiRoutes.uploads.byId(mine.body.fileId), { token: otherAdmin });
    const missing = await app.request('GET', apiRoutes.uploads.byId(randomUUID()), { token: otherAdmin });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(missing.text);
    expect((await app.request('GET', apiRoutes.uploads.byId(mine.body.fileId))).status).toBe(401);
  });
});

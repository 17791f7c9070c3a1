import { contract } from '@crm/core/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { multipart } from '../../test/recording';
import { sniffImage } from './image';
import { IMAGE_LIMIT_BYTES } from './service';

const B = '/api/backend';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR-rest-of-a-png'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-body')]);
const GIF = Buffer.from('GIF89a-body-of-a-gif');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 0, 0, 0]), Buffer.from('WEBPVP8 body')]);

describe('sniffImage', () => {
  it('recognises the four types by their magic bytes', () => {
    expect(sniffImage(PNG)?.contentType).toBe('image/png');
    expect(sniffImage(JPEG)?.contentType).toBe('image/jpeg');
    expect(sniffImage(GIF)?.contentType).toBe('image/gif');
    expect(sniffImage(Buffer.from('GIF87a'))?.ext).toBe('gif');
    expect(sniffImage(WEBP)?.contentType).toBe('image/webp');
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from([0x89, 0x50]))).toBeNull();
  });
});

describe('POST /uploadController/uploadImg', () => {
  const t = useTestApp();
  const upload = (
    token: string | null,
    files: Parameters<typeof multipart>[1],
    fields: Record<string, string> = {},
  ) => {
    const { body, headers } = multipart(fields, files);
    return t().callRaw(contract.upload.uploadImage, body, { token, headers });
  };

  it('stores an image under the organisation and serves it at the answered url', async () => {
    const org = await t().newOrg();
    const res = await upload(org.seat.token, [{ fileName: '营业执照.png', data: PNG, contentType: 'image/png' }]);
    expect(res.code).toBe(1);
    expect(res.data).toMatchObject({ fileName: '营业执照.png', size: PNG.length, contentType: 'image/png' });
    expect(res.data.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(res.data.url).toBe(`${B}/uploadController/img/${res.data.id}`);

    // The url works in <img src>: no session needed.
    const img = await t().built.app.inject({ method: 'GET', url: res.data.url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);

    const info = await t().call(contract.upload.imageInfo, { id: res.data.id }, { token: org.admin.token });
    expect(info.code).toBe(1);
    expect(info.data).toMatchObject({ id: res.data.id, url: res.data.url, fileName: '营业执照.png' });
    expect(info.data.createdAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('goes by the bytes, not the name: a JPEG named .png is a JPEG; GIF and WebP are accepted', async () => {
    const org = await t().newOrg();
    const jpeg = await upload(org.seat.token, [{ fileName: 'photo.png', data: JPEG }]);
    expect(jpeg.data.contentType).toBe('image/jpeg');
    const gif = await upload(org.seat.token, [{ fileName: 'a.gif', data: GIF, field: 'image' }]);
    expect(gif.data.contentType).toBe('image/gif');
    const webp = await upload(org.seat.token, [{ fileName: 'a', data: WEBP }]);
    expect(webp.data.contentType).toBe('image/webp');
    const img = await t().built.app.inject({ method: 'GET', url: jpeg.data.url });
    expect(img.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses other types with a clear message, whatever the name says', async () => {
    const org = await t().newOrg();
    for (const data of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('%PDF-1.7'),
    ]) {
      const res = await upload(org.seat.token, [{ fileName: 'fake.png', data, contentType: 'image/png' }]);
      expect(res.status).toBe(400);
      expect(res.msg).toBe('仅支持上传 PNG、JPEG、GIF、WebP 格式的图片');
    }
    const empty = await upload(org.seat.token, [{ fileName: 'empty.png', data: Buffer.alloc(0) }]);
    expect(empty.status).toBe(400);
    expect(empty.msg).toBe('图片内容为空');
  });

  it('accepts 10 MB and refuses more with 413', async () => {
    const org = await t().newOrg();
    const exact = Buffer.alloc(IMAGE_LIMIT_BYTES);
    PNG.copy(exact);
    const ok = await upload(org.seat.token, [{ fileName: 'big.png', data: exact }]);
    expect(ok.code).toBe(1);
    expect(ok.data.size).toBe(IMAGE_LIMIT_BYTES);
    const over = Buffer.alloc(IMAGE_LIMIT_BYTES + 1);
    PNG.copy(over);
    const res = await upload(org.seat.token, [{ fileName: 'bigger.png', data: over }]);
    expect(res.status).toBe(413);
    expect(res.code).toBe(413);
    expect(res.msg).toBe('图片大小不能超过 10 MB');
  });

  it('validates the request: no file, two files, not multipart', async () => {
    const org = await t().newOrg();
    const none = await upload(org.seat.token, [], { note: 'x' });
    expect(none.status).toBe(400);
    expect(none.msg).toBe('请选择要上传的图片');
    const two = await upload(org.seat.token, [
      { fileName: 'a.png', data: PNG },
      { fileName: 'b.png', data: PNG },
    ]);
    expect(two.status).toBe(400);
    expect(two.msg).toBe('一次只能上传一张图片');
    const json = await t().callRaw(contract.upload.uploadImage, { file: 'x' }, { token: org.seat.token });
    expect(json.status).toBe(400);
    expect(json.msg).toBe('请以 multipart/form-data 上传图片');
  });

  it('requires a session to upload', async () => {
    const res = await upload(null, [{ fileName: 'a.png', data: PNG }]);
    expect(res.status).toBe(401);
    expect(res.code).toBe(10);
    const info = await t().call(contract.upload.imageInfo, { id: 'AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(`${info.status} ${info.code}`).toBe('401 10');
  });

  it("another organisation's image id is not found in imgInfo; unknown ids are 404 on the image url", async () => {
    const a = await t().newOrg();
    const b = await t().newOrg();
    const up = await upload(a.seat.token, [{ fileName: 'a.png', data: PNG }]);
    const other = await t().call(contract.upload.imageInfo, { id: up.data.id }, { token: b.admin.token });
    expect(other.status).toBe(404);
    expect(other.msg).toBe('数据不存在');
    const noId = await t().callRaw(contract.upload.imageInfo, {}, { token: b.admin.token });
    expect(noId.status).toBe(400);
    expect(noId.msg).toContain('图片');
    await expect(t().ctx.services.uploads.find(b.orgId, up.data.id)).rejects.toMatchObject({ code: 404 });
    expect((await t().ctx.services.uploads.find(a.orgId, up.data.id)).url).toBe(up.data.url);

    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', '..%2F..%2Fetc%2Fpasswd', 'short']) {
      const res = await t().get(`${B}/uploadController/img/${id}`);
      expect(res.status).toBe(404);
    }
  });
});

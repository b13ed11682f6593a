// The cases of storage-js's own server suite (supabase-js
// packages/core/storage-js/test/storageFileApi.test.ts, storageApi.test.ts,
// storageBucketApi.test.ts) that Daybase did not pass before issue 25,
// rewritten as our own tests against the running binary: listV2, info(),
// FormData and custom headers on upload and uploadToSignedUrl, the bucket
// answers of the hosted server, and image transformations on download,
// signed URLs and public URLs. docs/benchmarks.md (issue 25) has the count
// of the upstream suite run against `daybase serve`.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { client, serviceClient, serviceRoleKey, url } from '../lib.mjs';

const svc = serviceClient();
const stamp = Date.now().toString(36);
const bucket = `sjs-${stamp}`;
const pub = `sjs-pub-${stamp}`;
const photo = readFileSync(fileURLToPath(new URL('../fixtures/gradient.jpg', import.meta.url))); // 320x200 JPEG

before(async () => {
  assert.equal((await svc.storage.createBucket(bucket, { public: false })).error, null);
  assert.equal((await svc.storage.createBucket(pub, { public: true })).error, null);
});

// imageSize reads width and height from a JPEG or WebP header.
function imageSize(buf) {
  const b = Buffer.from(buf);
  if (b[0] === 0xff && b[1] === 0xd8) {
    for (let i = 2; i < b.length;) {
      const marker = b[i + 1];
      const len = b.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xc3) return { format: 'jpeg', width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
      i += 2 + len;
    }
  }
  if (b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') {
    const chunk = b.toString('ascii', 12, 16);
    if (chunk === 'VP8 ') return { format: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') return { format: 'webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  throw new Error(`not a JPEG or WebP: ${b.subarray(0, 16).toString('hex')}`);
}

test('listV2: flat, by folder, and paged with cursors in every order', async () => {
  const files = svc.storage.from(bucket);
  const base = `list-${stamp}/file-`;
  const suffixes = ['zz', 'bb', 'xx', 'ww', 'cc', 'aa', 'yy', 'oo'];
  for (const s of suffixes) {
    assert.equal((await files.upload(base + s, photo, { contentType: 'image/jpeg' })).error, null);
    await new Promise((r) => setTimeout(r, 3));
  }
  const flat = await files.listV2({ prefix: `list-${stamp}` });
  assert.equal(flat.error, null);
  assert.equal(flat.data.hasNext, false);
  assert.deepEqual(flat.data.folders, []);
  assert.deepEqual(flat.data.objects.map((o) => o.name), suffixes.slice().sort().map((s) => base + s));

  const folders = await files.listV2({ with_delimiter: true, prefix: '' });
  assert.equal(folders.error, null);
  const folder = folders.data.folders.find((f) => f.key === `list-${stamp}`);
  assert.deepEqual(folder && { key: folder.key, name: folder.name }, { key: `list-${stamp}`, name: `list-${stamp}/` });

  for (const [sortBy, expected] of [
    [undefined, suffixes.slice().sort()],
    [{ column: 'name', order: 'desc' }, suffixes.slice().sort().reverse()],
    [{ column: 'created_at', order: 'asc' }, suffixes.slice()],
    [{ column: 'created_at', order: 'desc' }, suffixes.slice().reverse()],
  ]) {
    let cursor;
    const seen = [];
    let pages = 0;
    for (let hasNext = true; hasNext; pages++) {
      const res = await files.listV2({ prefix: `list-${stamp}/`, with_delimiter: true, limit: 2, ...(cursor ? { cursor } : {}), ...(sortBy ? { sortBy } : {}) });
      assert.equal(res.error, null);
      assert.equal(res.data.objects.length, 2);
      seen.push(...res.data.objects.map((o) => o.name));
      ({ hasNext, nextCursor: cursor } = res.data);
    }
    assert.equal(pages, 4);
    assert.deepEqual(seen, expected.map((s) => base + s), JSON.stringify(sortBy));
  }
});

test('info() answers FileObjectV2: metadata {} without user metadata, version, etag', async () => {
  const files = svc.storage.from(bucket);
  const path = `info-${stamp}.jpg`;
  assert.equal((await files.upload(path, photo)).error, null);
  const { data, error } = await files.info(path);
  assert.equal(error, null);
  for (const k of ['id', 'name', 'createdAt', 'cacheControl', 'etag', 'lastModified', 'contentType', 'version', 'bucketId']) {
    assert.equal(typeof data[k], 'string', k);
  }
  assert.equal(data.size, photo.length);
  assert.deepEqual(data.metadata, {});
  assert.equal(data.contentEncoding, null);
  assert.equal('updatedAt' in data, false);
  await assert.rejects(files.throwOnError().info('non-existent'));

  assert.equal((await files.upload(`meta-${path}`, photo, { metadata: { custom: 'metadata', second: 'second' } })).error, null);
  assert.deepEqual((await files.info(`meta-${path}`)).data.metadata, { custom: 'metadata', second: 'second' });
});

test('upload and uploadToSignedUrl take FormData with metadata, and custom headers', async () => {
  const files = svc.storage.from(bucket);
  const form = () => {
    const fd = new FormData();
    fd.append('', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    return fd;
  };
  const up = await files.upload(`form-${stamp}.jpg`, form(), { metadata: { blah: 'abc213' }, headers: { 'x-test-header': 'abc123' } });
  assert.equal(up.error, null);
  assert.equal(up.data.path, `form-${stamp}.jpg`);
  let info = (await files.info(`form-${stamp}.jpg`)).data;
  assert.deepEqual(info.metadata, { blah: 'abc213' });
  assert.equal(info.contentType, 'image/jpeg');
  assert.equal(info.cacheControl, 'max-age=3600');

  const signed = await files.createSignedUploadUrl(`signed-form-${stamp}.jpg`);
  assert.equal(signed.error, null);
  const put = await files.uploadToSignedUrl(signed.data.path, signed.data.token, form(),
    { metadata: { customKey: 'customValue' }, cacheControl: '7200', headers: { 'x-test-header': 'abc123' } });
  assert.equal(put.error, null);
  info = (await files.info(`signed-form-${stamp}.jpg`)).data;
  assert.deepEqual(info.metadata, { customKey: 'customValue' });
  assert.equal(info.cacheControl, 'max-age=7200');

  // A raw body's metadata travels base64 in x-metadata.
  const raw = await files.createSignedUploadUrl(`signed-raw-${stamp}.txt`);
  assert.equal((await files.uploadToSignedUrl(raw.data.path, raw.data.token, 'test content', { metadata: { blah: 'abc213' } })).error, null);
  assert.deepEqual((await files.info(`signed-raw-${stamp}.txt`)).data.metadata, { blah: 'abc213' });
});

test('getBucket and emptyBucket answer as the hosted server does; no credentials is Invalid Compact JWS', async () => {
  const got = await svc.storage.getBucket(bucket);
  assert.equal(got.error, null);
  assert.deepEqual(Object.keys(got.data).sort(),
    ['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at']);
  const missing = await svc.storage.getBucket('not-exist-id');
  assert.equal(missing.error.message, 'Bucket not found');

  const id = `sjs-empty-${stamp}`;
  assert.equal((await svc.storage.createBucket(id)).error, null);
  assert.equal((await svc.storage.from(id).upload('a.txt', 'a')).error, null);
  assert.deepEqual(await svc.storage.emptyBucket(id),
    { data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' }, error: null });
  assert.deepEqual((await svc.storage.from(id).list()).data, []);
  assert.deepEqual(await svc.storage.deleteBucket(id), { data: { message: 'Successfully deleted' }, error: null });

  // storage-js's own test builds a StorageClient without headers; supabase-js
  // always sends the key, so ask the way that client does.
  const bare = await fetch(`${url}/storage/v1/bucket`);
  assert.equal((await bare.json()).message, 'Invalid Compact JWS');
});

test('download with a transform renders the image', async () => {
  const files = svc.storage.from(bucket);
  const path = `t-${stamp}.jpg`;
  assert.equal((await files.upload(path, photo)).error, null);
  const res = await files.download(path, { transform: { width: 100, height: 100 } });
  assert.equal(res.error, null);
  assert.equal(res.data.type, 'image/jpeg');
  assert.deepEqual(imageSize(await res.data.arrayBuffer()), { format: 'jpeg', width: 100, height: 100 });

  const contain = await files.download(path, { transform: { width: 100, height: 100, resize: 'contain' } });
  assert.deepEqual(imageSize(await contain.data.arrayBuffer()), { format: 'jpeg', width: 100, height: 63 });
  const fill = await files.download(path, { transform: { width: 100, height: 100, resize: 'fill', quality: 50 } });
  assert.deepEqual(imageSize(await fill.data.arrayBuffer()), { format: 'jpeg', width: 100, height: 100 });

  // With fetch parameters, and with an empty transform (the plain object).
  const withParams = await files.download(path, { transform: { width: 50 } }, { signal: new AbortController().signal, cache: 'no-store' });
  assert.equal(withParams.error, null);
  const plain = await files.download(path, { transform: {} });
  assert.equal(Buffer.compare(Buffer.from(await plain.data.arrayBuffer()), photo), 0);

  // A browser that accepts WebP gets WebP, unless format=origin.
  const browser = client(serviceRoleKey, { global: { headers: { Accept: 'image/avif,image/webp,*/*' } } }).storage;
  const webp = await browser.from(bucket).download(path, { transform: { width: 200, height: 200 } });
  assert.equal(webp.data.type, 'image/webp');
  assert.deepEqual(imageSize(await webp.data.arrayBuffer()), { format: 'webp', width: 200, height: 200 });
  const origin = await browser.from(bucket).download(path, { transform: { width: 200, height: 200, format: 'origin' } });
  assert.equal(origin.data.type, 'image/jpeg');
});

test('signed and public URLs with a transform', async () => {
  const path = `u-${stamp}.jpg`;
  assert.equal((await svc.storage.from(bucket).upload(path, photo)).error, null);
  const signed = await svc.storage.from(bucket).createSignedUrl(path, 60000, { transform: { width: 200, height: 200, quality: 60 } });
  assert.equal(signed.error, null);
  const img = await fetch(signed.data.signedUrl);
  assert.equal(img.status, 200);
  assert.ok(parseInt(img.headers.get('content-length'), 10) > 0);
  assert.equal(img.headers.get('x-transformations'), 'height:200,width:200,resizing_type:fill,quality:60');
  assert.deepEqual(imageSize(await img.arrayBuffer()), { format: 'jpeg', width: 200, height: 200 });

  assert.equal((await svc.storage.from(pub).upload(path, photo)).error, null);
  const { data } = svc.storage.from(pub).getPublicUrl(path, { transform: { width: 160, height: 100, resize: 'cover' } });
  assert.match(data.publicUrl, /\/render\/image\/public\//);
  const open = await fetch(data.publicUrl);
  assert.equal(open.status, 200);
  assert.deepEqual(imageSize(await open.arrayBuffer()), { format: 'jpeg', width: 160, height: 100 });
});

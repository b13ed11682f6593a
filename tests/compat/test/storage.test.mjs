// /storage/v1 as supabase-js 2.119 meets it: every StorageFileApi and
// StorageBucketApi call the app uses, with the `data` and `error` values the
// client builds (errors as storage-js parses them: StorageApiError with the
// HTTP status, the body's statusCode string and code).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { client, serviceClient, uniqueEmail } from '../lib.mjs';

const svc = serviceClient();
const stamp = Date.now().toString(36);
const priv = `compat-private-${stamp}`;
const pub = `compat-public-${stamp}`;
const password = 'correct horse battery staple';

// A PNG signature and a little more: enough for the server's image check.
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);

before(async () => {
  for (const [id, isPublic] of [[priv, false], [pub, true]]) {
    const { data, error } = await svc.storage.createBucket(id, { public: isPublic });
    assert.equal(error, null);
    assert.deepEqual(data, { name: id });
  }
});

// A signed-in user of /auth/v1 and their client.
async function signedIn() {
  const sb = client();
  const { data, error } = await sb.auth.signUp({ email: uniqueEmail('storage'), password });
  assert.equal(error, null);
  assert.ok(data.session, 'sign-up returns a session');
  return { sb, user: data.user };
}

function apiError(e) {
  assert.ok(e, 'an error was expected');
  return e.toJSON();
}

test('upload a Blob (multipart) and download it', async () => {
  const files = svc.storage.from(priv);
  const { data, error } = await files.upload('dir/hello.txt', new Blob(['hello, storage'], { type: 'text/plain' }));
  assert.equal(error, null);
  assert.equal(data.path, 'dir/hello.txt');
  assert.equal(data.fullPath, `${priv}/dir/hello.txt`);
  assert.match(data.id, /^[0-9a-f-]{36}$/);
  const dl = await files.download('dir/hello.txt');
  assert.equal(dl.error, null);
  assert.equal(await dl.data.text(), 'hello, storage');
  assert.equal(dl.data.type, 'text/plain');
});

test('upload a string (raw body) with a content type', async () => {
  const files = svc.storage.from(priv);
  const { error } = await files.upload('raw.json', '{"a":1}', { contentType: 'application/json' });
  assert.equal(error, null);
  const dl = await files.download('raw.json');
  assert.equal(dl.data.type, 'application/json');
  assert.deepEqual(JSON.parse(await dl.data.text()), { a: 1 });
});

test('uploading over an existing path without upsert is a Duplicate error', async () => {
  const files = svc.storage.from(priv);
  assert.equal((await files.upload('dup.txt', 'one')).error, null);
  const { data, error } = await files.upload('dup.txt', 'two');
  assert.equal(data, null);
  assert.deepEqual(apiError(error), {
    name: 'StorageApiError', message: 'The resource already exists', status: 400, statusCode: '409', code: 'ResourceAlreadyExists',
  });
  assert.equal((await files.upload('dup.txt', 'three', { upsert: true })).error, null);
  assert.equal(await (await files.download('dup.txt')).data.text(), 'three');
  assert.equal((await files.update('dup.txt', 'four')).error, null);
  assert.equal(await (await files.download('dup.txt')).data.text(), 'four');
});

test('list shows files and folders', async () => {
  const files = svc.storage.from(priv);
  for (const p of ['list/b.txt', 'list/a.txt', 'list/sub/c.txt']) {
    assert.equal((await files.upload(p, p)).error, null);
  }
  const { data, error } = await files.list('list');
  assert.equal(error, null);
  assert.deepEqual(data.map((e) => [e.name, e.id === null]), [['a.txt', false], ['b.txt', false], ['sub', true]]);
  const file = data[0];
  assert.equal(file.metadata.size, 'list/a.txt'.length);
  // storage-js sends strings as 'text/plain;charset=UTF-8'; the server
  // keeps the type as mime.FormatMediaType writes it (issue 17).
  assert.equal(file.metadata.mimetype, 'text/plain; charset=UTF-8');
  assert.equal(file.metadata.cacheControl, 'max-age=3600');
  assert.match(file.metadata.eTag, /^"[0-9a-f]{32}"$/);
  assert.deepEqual(data[2], { name: 'sub', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
  const searched = await files.list('list', { search: 'B', sortBy: { column: 'name', order: 'desc' }, limit: 10 });
  assert.deepEqual(searched.data.map((e) => e.name), ['b.txt']);
});

test('move, copy and remove', async () => {
  const files = svc.storage.from(priv);
  assert.equal((await files.upload('mv/src.txt', 'payload')).error, null);
  const moved = await files.move('mv/src.txt', 'mv/dst.txt');
  assert.equal(moved.error, null);
  assert.equal(moved.data.message, 'Successfully moved');
  const copied = await files.copy('mv/dst.txt', 'mv/copy.txt');
  assert.deepEqual(copied, { data: { path: `${priv}/mv/copy.txt` }, error: null });
  assert.equal((await files.download('mv/src.txt')).error.toJSON().statusCode, '404');
  const removed = await files.remove(['mv/dst.txt', 'mv/copy.txt', 'mv/never.txt']);
  assert.equal(removed.error, null);
  assert.deepEqual(removed.data.map((r) => r.name).sort(), ['mv/copy.txt', 'mv/dst.txt']);
  const again = await files.remove(['mv/dst.txt']);
  assert.deepEqual(again, { data: [], error: null });
});

test('info and exists', async () => {
  const files = svc.storage.from(priv);
  assert.equal((await files.upload('info.txt', 'abc', { metadata: { tag: 'x' } })).error, null);
  const { data, error } = await files.info('info.txt');
  assert.equal(error, null);
  assert.equal(data.name, 'info.txt');
  assert.equal(data.bucketId, priv);
  assert.equal(data.size, 3);
  assert.equal(data.contentType, 'text/plain; charset=UTF-8');
  assert.deepEqual(data.metadata, { tag: 'x' });
  assert.deepEqual(await files.exists('info.txt'), { data: true, error: null });
  const missing = await files.exists('nope.txt');
  assert.equal(missing.data, false);
  assert.deepEqual(apiError(missing.error), {
    name: 'StorageApiError', message: 'Object not found', status: 400, statusCode: '404', code: 'NoSuchKey',
  });
});

test('createSignedUrl and createSignedUrls', async () => {
  const files = svc.storage.from(priv);
  assert.equal((await files.upload('signed/s.txt', 'signed content')).error, null);
  const { data, error } = await files.createSignedUrl('signed/s.txt', 60);
  assert.equal(error, null);
  const r = await fetch(data.signedUrl);
  assert.equal(r.status, 200);
  assert.equal(await r.text(), 'signed content');
  const dl = await files.createSignedUrl('signed/s.txt', 60, { download: 'report.txt' });
  const rd = await fetch(dl.data.signedUrl);
  assert.equal(rd.headers.get('content-disposition'), 'attachment; filename=report.txt');
  const many = await files.createSignedUrls(['signed/s.txt', 'signed/none.txt'], 60);
  assert.equal(many.error, null);
  assert.equal(many.data[0].error, null);
  assert.equal(await (await fetch(many.data[0].signedUrl)).text(), 'signed content');
  assert.deepEqual(many.data[1], {
    error: 'Either the object does not exist or you do not have access to it', path: 'signed/none.txt', signedURL: null, signedUrl: null,
  });
  const none = await files.createSignedUrl('signed/none.txt', 60);
  assert.equal(apiError(none.error).code, 'NoSuchKey');
});

test('createSignedUploadUrl and uploadToSignedUrl', async () => {
  const files = svc.storage.from(priv);
  const { data, error } = await files.createSignedUploadUrl('up/via-token.txt');
  assert.equal(error, null);
  assert.equal(data.path, 'up/via-token.txt');
  const up = await client().storage.from(priv).uploadToSignedUrl('up/via-token.txt', data.token, 'from a token');
  assert.deepEqual(up, { data: { path: 'up/via-token.txt', fullPath: `${priv}/up/via-token.txt` }, error: null });
  assert.equal(await (await files.download('up/via-token.txt')).data.text(), 'from a token');
});

test('getPublicUrl serves public buckets only', async () => {
  assert.equal((await svc.storage.from(pub).upload('p/pic.png', new Blob([png], { type: 'image/png' }))).error, null);
  const { data } = svc.storage.from(pub).getPublicUrl('p/pic.png');
  const r = await fetch(data.publicUrl);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), 'image/png');
  assert.deepEqual(new Uint8Array(await r.arrayBuffer()), png);
  const dl = svc.storage.from(pub).getPublicUrl('p/pic.png', { download: true });
  assert.equal((await fetch(dl.data.publicUrl)).headers.get('content-disposition'), 'attachment; filename=pic.png');
  const closed = svc.storage.from(priv).getPublicUrl('dir/hello.txt');
  const rc = await fetch(closed.data.publicUrl);
  assert.equal(rc.status, 400);
  assert.deepEqual(await rc.json(), { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });
});

test('buckets: get, list, update, empty, delete', async () => {
  const id = `compat-tmp-${stamp}`;
  assert.equal((await svc.storage.createBucket(id, { public: false, fileSizeLimit: '5MB', allowedMimeTypes: ['text/plain'] })).error, null);
  const got = await svc.storage.getBucket(id);
  assert.equal(got.error, null);
  assert.equal(got.data.file_size_limit, 5000000);
  assert.deepEqual(got.data.allowed_mime_types, ['text/plain']);
  const listed = await svc.storage.listBuckets({ search: id });
  assert.deepEqual(listed.data.map((b) => b.id), [id]);
  assert.deepEqual(await svc.storage.updateBucket(id, { public: true }), { data: { message: 'Successfully updated' }, error: null });
  assert.equal((await svc.storage.from(id).upload('x.txt', 'x')).error, null);
  const refused = await svc.storage.from(id).upload('x.json', '{}', { contentType: 'application/json' });
  assert.deepEqual(apiError(refused.error), {
    name: 'StorageApiError', message: 'mime type application/json is not supported', status: 400, statusCode: '415', code: 'InvalidMimeType',
  });
  const notEmpty = await svc.storage.deleteBucket(id);
  assert.equal(apiError(notEmpty.error).statusCode, '409');
  assert.deepEqual(await svc.storage.emptyBucket(id), { data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' }, error: null });
  assert.deepEqual(await svc.storage.deleteBucket(id), { data: { message: 'Successfully deleted' }, error: null });
  assert.equal(apiError((await svc.storage.getBucket(id)).error).code, 'NoSuchBucket');
});

test('a signed-in user uploads task attachments below their own folder only', async () => {
  const { sb, user } = await signedIn();
  const files = sb.storage.from('task-attachments');
  const path = `${user.id}/task-1/${crypto.randomUUID()}.png`;
  const { error } = await files.upload(path, new Blob([png], { type: 'image/png' }), { cacheControl: '3600', upsert: false });
  assert.equal(error, null);
  const signed = await files.createSignedUrl(path, 60);
  assert.equal(signed.error, null);
  assert.equal((await fetch(signed.data.signedUrl)).status, 200);
  const listed = await files.list(`${user.id}/task-1`);
  assert.equal(listed.data.length, 1);

  const other = await signedIn();
  const denied = await other.sb.storage.from('task-attachments').upload(`${user.id}/task-1/evil.png`, new Blob([png], { type: 'image/png' }));
  assert.deepEqual(apiError(denied.error), {
    name: 'StorageApiError', message: 'new row violates row-level security policy for table "objects"', status: 400, statusCode: '403', code: 'AccessDenied',
  });
  const notTheirs = await other.sb.storage.from('task-attachments').remove([path]);
  assert.deepEqual(notTheirs, { data: [], error: null });
  const mine = await files.remove([path]);
  assert.equal(mine.data.length, 1);
});

test('the server enforces the file rules of the app', async () => {
  const { sb, user } = await signedIn();
  const files = sb.storage.from('task-attachments');
  const dir = `${user.id}/task-2`;
  const cases = [
    [`${dir}/setup.exe`, new Blob(['PK'], { type: 'application/zip' }), '415', 'File type "exe" is not allowed for security reasons'],
    [`${dir}/tool.bin`, new Blob(['x'], { type: 'application/x-msdownload' }), '415', 'File type "application/x-msdownload" is not supported'],
    [`${dir}/fake.png`, new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), '415', 'File "fake.png" does not match its declared type "image/png"'],
    [`${dir}/empty.txt`, new Blob([], { type: 'text/plain' }), '400', 'File "empty.txt" is empty'],
  ];
  for (const [path, blob, statusCode, message] of cases) {
    const { error } = await files.upload(path, blob);
    const e = apiError(error);
    assert.equal(e.statusCode, statusCode, path);
    assert.equal(e.message, message, path);
  }
  const big = new Uint8Array(10 * 1024 * 1024 + 1);
  big.set([0x25, 0x50, 0x44, 0x46]); // %PDF
  const tooBig = await files.upload(`${dir}/big.pdf`, new Blob([big], { type: 'application/pdf' }));
  assert.deepEqual(apiError(tooBig.error), {
    name: 'StorageApiError', message: 'File "big.pdf" exceeds maximum size of 10MB', status: 400, statusCode: '413', code: 'EntityTooLarge',
  });
});

// Issue 17: task attachments are private. The app downloads them through
// short-lived signed URLs (or download()), which only the people who see
// the task can get; the public URL of the spec answers as for a private
// bucket.
test('task attachments are read by the people who see the task, through signed URLs', async () => {
  const alice = await signedIn();
  const bob = await signedIn();
  const carol = await signedIn();
  const must = ({ data, error }) => {
    assert.equal(error, null);
    return data;
  };
  const project = must(await alice.sb.from('projects').insert({ name: `Files ${stamp}`, user_id: alice.user.id }).select().single());
  const task = must(await alice.sb.from('tasks').insert({ title: 'Review the contract', project_id: project.id, user_id: alice.user.id }).select().single());
  const path = `${alice.user.id}/${task.id}/${crypto.randomUUID()}.pdf`;
  const pdf = new Blob(['%PDF-1.7\n1 0 obj <<>> endobj\n'], { type: 'application/pdf' });
  const files = alice.sb.storage.from('task-attachments');
  must(await files.upload(path, pdf, { cacheControl: '3600', upsert: false }));
  const { data: pub } = files.getPublicUrl(path);
  must(await alice.sb.from('task_attachments').insert({
    task_id: task.id, user_id: alice.user.id, filename: 'contract.pdf', file_size: pdf.size, mime_type: 'application/pdf',
    local_path: path, remote_path: pub.publicUrl,
  }));

  // The public URL, which anyone could read forever, reads nothing.
  const open = await fetch(pub.publicUrl);
  assert.equal(open.status, 400);
  assert.deepEqual(await open.json(), { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });

  const readsThroughSignedUrl = async (who) => {
    const { data, error } = await who.sb.storage.from('task-attachments').createSignedUrl(path, 300);
    if (error) return apiError(error);
    const res = await fetch(data.signedUrl);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.equal(await res.text(), await pdf.text());
    return 'read';
  };
  const denied = { name: 'StorageApiError', message: 'Object not found', status: 400, statusCode: '404', code: 'NoSuchKey' };
  assert.equal(await readsThroughSignedUrl(alice), 'read');
  assert.deepEqual(await readsThroughSignedUrl(bob), denied);

  // Bob joins the project: he sees the task, its attachment row and file.
  const invite = must(await alice.sb.rpc('create_project_invite', { p_project_id: project.id, p_email: bob.user.email, p_invited_by: alice.user.id }));
  const { token } = must(await bob.sb.from('project_invites').select('token').eq('id', invite.id).single());
  must(await bob.sb.rpc('accept_project_invite', { p_invite_token: token }));
  const rows = must(await bob.sb.from('task_attachments').select('local_path').eq('task_id', task.id));
  assert.deepEqual(rows, [{ local_path: path }]);
  assert.equal(await readsThroughSignedUrl(bob), 'read');
  const downloaded = await bob.sb.storage.from('task-attachments').download(path);
  assert.equal(downloaded.error, null);
  assert.equal(await downloaded.data.text(), await pdf.text());
  assert.deepEqual(await readsThroughSignedUrl(carol), denied);

  // Removed from the project, Bob reads the file no more.
  must(await alice.sb.from('project_members').delete().eq('project_id', project.id).eq('user_id', bob.user.id));
  assert.deepEqual(await readsThroughSignedUrl(bob), denied);
  const gone = await bob.sb.storage.from('task-attachments').download(path);
  assert.equal(apiError(gone.error).statusCode, '404');
});

// Issue 17: a Content-Type that is a list ran as HTML on the app's origin,
// and a gzip Content-Encoding hid an executable from the signature check.
test('a type list and an encoded body are refused; active content downloads in a sandbox', async () => {
  const files = svc.storage.from(pub);
  const html = '<script>alert(document.domain)</script>';
  for (const contentType of ['text/plain;charset=utf-8,text/html', 'image/png;x,text/html']) {
    const { error } = await files.upload(`attack/${contentType.length}.txt`, html, { contentType });
    assert.deepEqual(apiError(error), {
      name: 'StorageApiError', status: 400, statusCode: '415', code: 'InvalidMimeType',
      message: `mime type ${JSON.stringify(contentType)} is not valid: send one media type, such as text/plain; charset=utf-8`,
    });
  }
  const gz = await files.upload('attack/report.pdf', new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { contentEncoding: 'gzip' });
  assert.deepEqual(apiError(gz.error), {
    name: 'StorageApiError', status: 400, statusCode: '415', code: 'InvalidRequest',
    message: "Content-Encoding gzip is not accepted: upload the file's own bytes (a compressed file as application/gzip)",
  });
  assert.deepEqual((await files.list('attack')).data, []);

  assert.equal((await files.upload('attack/page.html', html, { contentType: 'text/html' })).error, null);
  const page = await fetch(files.getPublicUrl('attack/page.html').data.publicUrl);
  assert.deepEqual(
    ['content-type', 'content-disposition', 'content-security-policy', 'x-content-type-options'].map((h) => page.headers.get(h)),
    ['text/html', 'attachment; filename=page.html', "default-src 'none'; sandbox; frame-ancestors 'none'", 'nosniff'],
  );
});

// Issue 17 (accounts and data) through the real supabase-js: a two-factor
// user's password-only (aal1) session sees nothing through /rest/v1,
// storage and realtime until the TOTP step; a session ended by refresh-token
// reuse is refused; common passwords come back as AuthWeakPasswordError;
// billing-config names the provider.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { client, serviceClient, uniqueEmail } from '../lib.mjs';
import { totp } from '../totp.mjs';

const password = 'correct horse battery';
const clients = [];
const track = (sb) => (clients.push(sb), sb);
after(async () => {
  await Promise.all(clients.map((sb) => sb.removeAllChannels()));
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function sql(statements) {
  return execFileSync(process.env.DAYBASE_BIN, ['sql', '-c', statements], { env: process.env, encoding: 'utf8' });
}

// A private bucket whose files their owner reads and writes: only the
// restrictive aal2 policy of 0620 stands between an aal1 session and them.
// (A public bucket is readable by anyone with the URL, by design.)
async function privateBucket() {
  const id = `compat-2fa-${Date.now().toString(36)}`;
  assert.equal((await serviceClient().storage.createBucket(id, { public: false })).error, null);
  sql(`DROP POLICY IF EXISTS compat_2fa_own ON storage.objects;
       CREATE POLICY compat_2fa_own ON storage.objects FOR ALL TO authenticated
         USING (bucket_id LIKE 'compat-2fa-%' AND owner_id = (SELECT auth.uid())::text)
         WITH CHECK (bucket_id LIKE 'compat-2fa-%' AND (storage.foldername(name))[1] = (SELECT auth.uid())::text);`);
  return id;
}

function subscribed(channel) {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(`${status}: ${err?.message}`));
    });
  });
}

// A 1×1 PNG, so the upload passes any content check.
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
  '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

test('two-factor protects data: aal1 sees nothing through rest, storage and realtime; aal2 sees everything', async () => {
  // The owner signs up, keeps a task and a file, and turns two-factor on.
  const owner = track(client());
  const email = uniqueEmail('twofa-data');
  const { data: signedUp, error: signUpError } = await owner.auth.signUp({ email, password });
  assert.equal(signUpError, null);
  const uid = signedUp.user.id;
  const { data: task, error: taskError } = await owner.from('tasks').insert({ title: 'Launch plan' }).select('id').single();
  assert.equal(taskError, null);
  const bucket = await privateBucket();
  const path = `${uid}/${task.id}/plan.png`;
  const up = await owner.storage.from(bucket).upload(path, new Blob([png], { type: 'image/png' }));
  assert.equal(up.error, null);

  const enrolled = await owner.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  assert.equal(enrolled.error, null);
  const factorId = enrolled.data.id;
  const secret = enrolled.data.totp.secret;
  assert.equal((await owner.auth.mfa.challengeAndVerify({ factorId, code: totp(secret) })).error, null);
  // supabase-js passes realtime a new token on sign-in and refresh only;
  // after the second factor the app hands it the aal2 token itself
  // (web/src/lib/supabase.ts), as it must on the hosted service.
  await owner.realtime.setAuth((await owner.auth.getSession()).data.session.access_token);

  // Someone with the password alone: an aal1 session.
  const thief = track(client());
  assert.equal((await thief.auth.signInWithPassword({ email, password })).error, null);
  const aal = await thief.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([aal.data.currentLevel, aal.data.nextLevel], ['aal1', 'aal2']);

  const tasks = await thief.from('tasks').select('id, title');
  assert.equal(tasks.error, null);
  assert.deepEqual(tasks.data, []);
  const profile = await thief.from('profiles').select('id');
  assert.deepEqual(profile.data, []);
  const write = await thief.from('tasks').insert({ title: 'planted' });
  assert.equal(write.error.code, '42501');
  const rpc = await thief.rpc('get_journal_statistics', { p_user_id: uid });
  assert.equal(rpc.error.code, '42501');
  assert.match(rpc.error.message, /second factor/);

  const listed = await thief.storage.from(bucket).list(`${uid}/${task.id}`);
  assert.deepEqual(listed.data ?? [], []);
  const download = await thief.storage.from(bucket).download(path);
  assert.notEqual(download.error, null);
  const planted = await thief.storage.from(bucket).upload(`${uid}/${task.id}/planted.png`, new Blob([png], { type: 'image/png' }));
  assert.notEqual(planted.error, null);

  // Realtime: a change to the owner's tasks reaches the aal2 session only.
  const got = { aal1: [], aal2: [] };
  const filter = `user_id=eq.${uid}`;
  await subscribed(thief.channel(`tasks-aal1-${uid}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'tasks', filter }, (p) => got.aal1.push(p)));
  await subscribed(owner.channel(`tasks-aal2-${uid}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'tasks', filter }, (p) => got.aal2.push(p)));
  assert.equal((await owner.from('tasks').insert({ title: 'Second step' })).error, null);
  for (let i = 0; i < 100 && got.aal2.length === 0; i++) await sleep(100);
  assert.equal(got.aal2.length, 1);
  await sleep(500);
  assert.equal(got.aal1.length, 0);

  // The TOTP step: the same client now sees everything.
  assert.equal((await thief.auth.mfa.challengeAndVerify({ factorId, code: totp(secret, 1) })).error, null);
  const after2 = await thief.from('tasks').select('title').order('title');
  assert.deepEqual(after2.data.map((t) => t.title), ['Launch plan', 'Second step']);
  assert.equal((await thief.rpc('get_journal_statistics', { p_user_id: uid })).error, null);
  const listed2 = await thief.storage.from(bucket).list(`${uid}/${task.id}`);
  assert.deepEqual(listed2.data.map((f) => f.name), ['plan.png']);
  const download2 = await thief.storage.from(bucket).download(path);
  assert.equal(download2.error, null);
  assert.equal(Buffer.from(await download2.data.arrayBuffer()).equals(png), true);
});

test('a session ended by refresh-token reuse is refused at once', async () => {
  const owner = track(client());
  const email = uniqueEmail('reuse');
  const { data, error } = await owner.auth.signUp({ email, password });
  assert.equal(error, null);
  const stolen = data.session;
  assert.equal((await owner.from('tasks').insert({ title: 'mine' })).error, null);

  // The thief refreshes with the stolen token first ...
  const thief = track(client());
  const first = await thief.auth.refreshSession({ refresh_token: stolen.refresh_token });
  assert.equal(first.error, null);
  // (Twice: the stolen token is then no longer the parent of the live one,
  // which the server would hand back as an answer the client lost.)
  const { data: thiefSession, error: thiefError } = await thief.auth.refreshSession({ refresh_token: first.data.session.refresh_token });
  assert.equal(thiefError, null);
  // ... and the owner's client reuses the same token past the reuse interval.
  execFileSync(process.env.DAYBASE_BIN, ['sql', '-c',
    `UPDATE auth.refresh_tokens SET updated_at = now() - interval '1 minute' WHERE token = '${stolen.refresh_token}'`],
  { env: process.env, encoding: 'utf8' });
  const reused = await client().auth.refreshSession({ refresh_token: stolen.refresh_token });
  assert.equal(reused.error.code, 'refresh_token_already_used');

  // The thief's access token no longer changes the account or reads data.
  const asThief = client(undefined, { global: { headers: { Authorization: `Bearer ${thiefSession.session.access_token}` } } });
  // supabase-js reads 403 session_not_found as "signed out".
  const user = await asThief.auth.getUser(thiefSession.session.access_token);
  assert.equal(user.error.name, 'AuthSessionMissingError');
  const changed = await fetch(`${process.env.DAYBASE_URL}/auth/v1/user`, {
    method: 'PUT',
    headers: { apikey: process.env.DAYBASE_ANON_KEY, Authorization: `Bearer ${thiefSession.session.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: 'the thief was here' }),
  });
  assert.equal(changed.status, 403);
  assert.equal((await changed.json()).code, 'session_not_found');
  const tasks = await asThief.from('tasks').select('title');
  assert.deepEqual(tasks.data, []);
  // The owner signs in again with the unchanged password and sees the task.
  const again = track(client());
  assert.equal((await again.auth.signInWithPassword({ email, password })).error, null);
  assert.deepEqual((await again.from('tasks').select('title')).data, [{ title: 'mine' }]);
});

test('common passwords come back as AuthWeakPasswordError with reason pwned', async () => {
  const { error } = await client().auth.signUp({ email: uniqueEmail('common'), password: 'Password1' });
  assert.equal(error.name, 'AuthWeakPasswordError');
  assert.equal(error.code, 'weak_password');
  assert.deepEqual(error.reasons, ['pwned']);
  assert.equal(error.message, 'Password is known to be weak and easy to guess, please choose a different one.');
  const short = await client().auth.signUp({ email: uniqueEmail('short'), password: 'x7q-z9k' });
  assert.deepEqual(short.error.reasons, ['length']);
});

test('billing-config names the provider (local checkout on the loopback test server)', async () => {
  const { data, error } = await serviceClient().functions.invoke('billing-config', { method: 'GET' });
  assert.equal(error, null);
  assert.deepEqual(data, { provider: 'local' });
});

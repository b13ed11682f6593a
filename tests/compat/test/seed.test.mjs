// A seed written for the hosted backend loads unchanged through
// `daybase sql` (issue 25 §2): crypt()/gen_salt(), uuid_generate_v4() and
// gin_trgm_ops without a schema name, accounts and identities inserted
// into auth, a bucket, objects and policies. Then the seeded accounts sign
// in through /auth/v1 with their seeded passwords, and the seeded policies
// decide what they see.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { client } from '../lib.mjs';

const seed = readFileSync(fileURLToPath(new URL('../fixtures/hosted-seed.sql', import.meta.url)), 'utf8');
const ada = { id: '5eed0000-0000-4000-8000-000000000001', email: 'seed-ada@example.com', password: 'seed-password-1' };
const bo = { id: '5eed0000-0000-4000-8000-000000000002', email: 'seed-bo@example.com', password: 'seed-password-2' };

before(() => {
  const r = spawnSync(process.env.DAYBASE_BIN, ['sql'], { input: seed, env: process.env, encoding: 'utf8' });
  assert.equal(r.status, 0, `daybase sql failed:\n${r.stderr}`);
  assert.doesNotMatch(r.stdout + r.stderr, /ERROR/);
});

async function signIn(who) {
  const sb = client();
  const { data, error } = await sb.auth.signInWithPassword({ email: who.email, password: who.password });
  assert.equal(error, null);
  return { sb, data };
}

test('a seeded account signs in with the password pgcrypto hashed', async () => {
  const { data } = await signIn(ada);
  assert.equal(data.user.id, ada.id);
  assert.equal(data.user.email, ada.email);
  assert.equal(data.user.user_metadata.full_name, 'Ada Seed');
  assert.equal(data.user.app_metadata.provider, 'email');
  assert.deepEqual(data.user.identities.map((i) => [i.provider, i.identity_data.email]), [['email', ada.email]]);
  assert.ok(data.session.access_token);

  // bcrypt at cost 10 as well as gen_salt's default 6.
  const other = await signIn(bo);
  assert.equal(other.data.user.id, bo.id);
});

test('a wrong password for a seeded account is refused', async () => {
  const { data, error } = await client().auth.signInWithPassword({ email: ada.email, password: 'not-the-seeded-one' });
  assert.equal(data.session, null);
  assert.equal(error.status, 400);
  assert.equal(error.message, 'Invalid login credentials');
});

test('the seeded table and its policy hold', async () => {
  const { sb } = await signIn(ada);
  const { data, error } = await sb.from('seed_recipes').select('title').ilike('title', '%lemon%').order('title');
  assert.equal(error, null);
  assert.deepEqual(data, [{ title: 'Lemon drizzle cake' }, { title: 'Lemon tart' }]);
  const soup = await sb.from('seed_recipes').select('title').eq('title', 'Tomato soup');
  assert.deepEqual(soup.data, []);
});

test('seeded storage objects are listed under the seeded policies', async () => {
  const { sb } = await signIn(ada);
  const own = await sb.storage.from('seed-avatars').list(ada.id);
  assert.equal(own.error, null);
  assert.deepEqual(own.data.map((o) => [o.name, o.metadata.size]), [['avatar.png', 1234]]);
  const others = await sb.storage.from('seed-avatars').list(bo.id);
  assert.deepEqual(others.data, []);
  // The seeded INSERT policy lets Ada add to her own folder only.
  const up = await sb.storage.from('seed-avatars').upload(`${ada.id}/new.txt`, 'hi');
  assert.equal(up.error, null);
  const denied = await sb.storage.from('seed-avatars').upload(`${bo.id}/new.txt`, 'hi');
  assert.equal(denied.error.statusCode, '403');
});

// Asymmetric signing keys: access tokens are ES256 with a kid, the real
// client's getClaims() verifies them locally against the JWKS, and
// `daybase keys rotate` on the running server keeps every session and the
// API keys working while new tokens get the new key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { client, url, anonKey, serviceRoleKey, uniqueEmail } from '../lib.mjs';

// A client whose requests are recorded, to tell local verification from
// a round trip to /auth/v1/user.
function recordingClient() {
  const calls = [];
  const c = client(anonKey, {
    global: {
      fetch: (input, init) => {
        calls.push(new URL(typeof input === 'string' ? input : input.url).pathname);
        return fetch(input, init);
      },
    },
  });
  return { c, calls };
}

function header(jwt) {
  return JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString());
}

function daybase(...args) {
  const r = spawnSync(process.env.DAYBASE_BIN, args, { env: process.env, encoding: 'utf8' });
  assert.equal(r.status, 0, `daybase ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

async function jwksKids() {
  const r = await fetch(`${url}/auth/v1/.well-known/jwks.json`, { headers: { apikey: anonKey } });
  return (await r.json()).keys.map((k) => k.kid);
}

async function until(what, check, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('getClaims verifies locally, across a key rotation', async () => {
  const { c, calls } = recordingClient();
  const email = uniqueEmail('claims');
  const signUp = await c.auth.signUp({ email, password: 'correct horse battery' });
  assert.equal(signUp.error, null);
  const first = signUp.data.session.access_token;
  const h1 = header(first);
  assert.equal(h1.alg, 'ES256');
  assert.ok(h1.kid);
  assert.deepEqual(await jwksKids(), JSON.parse(daybase('keys', '--json')).signing_keys.map((k) => k.kid));

  calls.length = 0;
  const claims = await c.auth.getClaims();
  assert.equal(claims.error, null);
  assert.equal(claims.data.claims.email, email);
  assert.equal(claims.data.header.kid, h1.kid);
  assert.deepEqual(calls, ['/auth/v1/.well-known/jwks.json'], 'getClaims fetched the JWKS and nothing else');
  calls.length = 0;
  assert.equal((await c.auth.getClaims()).error, null);
  assert.deepEqual(calls, [], 'the second getClaims used the cached JWKS');

  // A token whose payload was changed fails the signature check locally.
  const [hd, , sig] = first.split('.');
  const payload = { ...claims.data.claims, role: 'service_role' };
  const forged = `${hd}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
  const bad = await c.auth.getClaims(forged);
  assert.equal(bad.data, null);
  assert.match(bad.error.message, /Invalid JWT signature/);

  // Rotate on the running server.
  const rotated = JSON.parse(daybase('keys', 'rotate', '--json'));
  const next = rotated.signing_keys.find((k) => k.status === 'current');
  const prev = rotated.signing_keys.find((k) => k.status === 'previous' && k.kid === h1.kid);
  assert.ok(next && prev && prev.verifies_until, JSON.stringify(rotated));
  assert.equal(rotated.anon_key, anonKey);
  assert.equal(rotated.service_role_key, serviceRoleKey);
  await until('the server to publish the new key', async () => (await jwksKids()).includes(next.kid));
  assert.ok((await jwksKids()).includes(h1.kid), 'the old key is still published');

  // The old access token still works everywhere, the API keys too.
  const task = await c.from('tasks').insert({ title: 'signed before the rotation' }).select('id').single();
  assert.equal(task.error, null);
  assert.equal((await c.storage.listBuckets()).error, null);
  assert.equal((await client().from('tasks').select('id')).error, null);
  assert.equal((await client(serviceRoleKey).auth.admin.listUsers({ perPage: 1 })).error, null);

  // A refresh is signed by the new key; getClaims meets an unknown kid,
  // refetches the JWKS and verifies locally.
  const refreshed = await c.auth.refreshSession();
  assert.equal(refreshed.error, null);
  const h2 = header(refreshed.data.session.access_token);
  assert.equal(h2.kid, next.kid);
  calls.length = 0;
  const again = await c.auth.getClaims();
  assert.equal(again.error, null);
  assert.equal(again.data.claims.sub, claims.data.claims.sub);
  assert.deepEqual(calls, ['/auth/v1/.well-known/jwks.json']);
  const mine = await c.from('tasks').select('id').eq('id', task.data.id);
  assert.equal(mine.error, null);
  assert.equal(mine.data.length, 1);
});

// The gateway as supabase-js and browsers meet it: health, CORS, apikey.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { url, anonKey } from '../lib.mjs';

test('health answers 200 when the database answers', async () => {
  const r = await fetch(`${url}/health`);
  assert.equal(r.status, 200);
  assert.deepEqual(await r.json(), { status: 'ok', database: 'ok' });
});

test('CORS preflight allows every header supabase-js sends', async () => {
  const r = await fetch(`${url}/rest/v1/tasks`, {
    method: 'OPTIONS',
    headers: {
      Origin: 'http://localhost:5173',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization,apikey,x-client-info,content-type,prefer,x-supabase-api-version',
    },
  });
  assert.ok(r.status === 204 || r.status === 200, `status ${r.status}`);
  assert.equal(r.headers.get('access-control-allow-origin'), '*');
  assert.match(r.headers.get('access-control-allow-methods'), /PATCH/);
  assert.match(r.headers.get('access-control-allow-headers'), /x-supabase-api-version/);
  assert.equal(r.headers.get('access-control-allow-credentials'), null);
});

test('responses expose the headers the SDKs read', async () => {
  const r = await fetch(`${url}/health`, { headers: { Origin: 'http://localhost:5173' } });
  const exposed = r.headers.get('access-control-expose-headers');
  for (const h of ['Content-Range', 'X-Supabase-Api-Version', 'x-relay-error', 'Retry-After']) {
    assert.match(exposed, new RegExp(h, 'i'));
  }
});

test('a wrong apikey is refused with 401 JSON', async () => {
  const r = await fetch(`${url}/rest/v1/tasks`, { headers: { apikey: 'not-a-key' } });
  assert.equal(r.status, 401);
  assert.equal((await r.json()).message, 'Invalid API key');
});

test('a missing apikey is refused with 401 JSON', async () => {
  const r = await fetch(`${url}/rest/v1/tasks`);
  assert.equal(r.status, 401);
  assert.equal((await r.json()).message, 'No API key found in request');
});

test('the app page is served for client-side routes with the runtime config', async () => {
  const r = await fetch(`${url}/app/tasks`);
  assert.equal(r.status, 200);
  const html = await r.text();
  assert.match(html, /window\.__DAYBASE_CONFIG__=/);
  assert.ok(html.includes(anonKey), 'the anon key is injected');
});

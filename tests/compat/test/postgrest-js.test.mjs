// The cases of postgrest-js's own fixture suite (supabase-js
// packages/core/postgrest-js/test: transforms.test.ts, basic.test.ts,
// relationships-error-handling.test.ts) that Daybase did not pass before
// issue 25, as our own tests: the plan media type (explain()), the
// sequence draws of missing=default, the error for one table embedded
// twice without aliases, and GeoJSON. The whole upstream run and its count
// are in docs/benchmarks.md (issue 25).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { client } from '../lib.mjs';

const db = client().schema('postgrest_js');
const fixture = (name) => readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)), 'utf8');

function sql(statements) {
  const r = spawnSync(process.env.DAYBASE_BIN, ['sql'], { input: statements, env: process.env, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

const postgis = /\bt\b/.test(sql("SELECT EXISTS (SELECT FROM pg_available_extensions WHERE name = 'postgis');"));

before(async () => {
  sql(fixture('postgrest-js.sql'));
  if (postgis) sql(fixture('postgrest-js-postgis.sql'));
  // The DDL reloads the schema cache; wait for it.
  for (let i = 0; ; i++) {
    const { error } = await db.from(postgis ? 'shops' : 'channels').select('id').limit(1);
    if (!error) break;
    assert.ok(i < 100, `schema cache did not see the fixture: ${JSON.stringify(error)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});

test('explain() answers the plan as text', async () => {
  const res = await db.from('users').select().explain();
  assert.equal(res.error, null);
  assert.equal(res.status, 200);
  assert.match(res.data, /^Aggregate {2}\(cost=/);
});

test('explain() answers the plan as JSON, with options', async () => {
  const res = await db.from('users').select().explain({ format: 'json' });
  assert.equal(res.error, null);
  assert.equal(res.data.length, 1);
  assert.equal(res.data[0].Plan['Node Type'], 'Aggregate');

  const opts = await db.from('users').select().explain({ verbose: true, settings: true, analyze: true, format: 'json' });
  assert.equal(opts.error, null);
  assert.equal(opts.data[0].Plan['Actual Rows'], 1);
  assert.equal(opts.data[0].Settings.search_path, '"postgrest_js", "public", "extensions"');
});

test('bulk insert and upsert with column defaults draw the sequence for every row, as PostgREST does', async () => {
  const ins = await db.from('channels').insert([{ id: 100 }, { slug: 'test-slug' }], { defaultToNull: false }).select().rollback();
  assert.deepEqual(ins, {
    count: null, error: null, status: 201, statusText: 'Created', success: true,
    data: [{ data: null, id: 100, slug: null }, { data: null, id: 4, slug: 'test-slug' }],
  });
  const up = await db.from('channels').upsert([{ id: 1 }, { slug: 'test-slug' }], { defaultToNull: false }).select().rollback();
  assert.deepEqual(up, {
    count: null, error: null, status: 201, statusText: 'Created', success: true,
    data: [{ data: null, id: 1, slug: null }, { data: null, id: 6, slug: 'test-slug' }],
  });
  // Rolled back: the rows are as seeded.
  assert.deepEqual((await db.from('channels').select('id, slug').order('id')).data, [{ id: 1, slug: 'public' }, { id: 2, slug: 'random' }]);
});

test('one table embedded twice without aliases fails as on PostgREST', async () => {
  const res = await db.from('best_friends').select('users!first_user(*), users!second_user(*)').limit(1).single();
  assert.deepEqual(res, {
    count: null, data: null, status: 400, statusText: 'Bad Request', success: false,
    error: { code: '42712', details: null, hint: null, message: 'table name "best_friends_users_1" specified more than once' },
  });
  const aliased = await db.from('best_friends').select('first:users!first_user(username), second:users!second_user(username)').order('id').limit(1).single();
  assert.deepEqual(aliased.data, { first: { username: 'supabot' }, second: { username: 'kiwicopple' } });
});

test('geojson() answers a FeatureCollection', { skip: !postgis && 'PostGIS is not installed here: run go tool task deps:postgis' }, async () => {
  const res = await db.from('shops').select().geojson();
  assert.deepEqual(res, {
    count: null, error: null, status: 200, statusText: 'OK', success: true,
    data: {
      type: 'FeatureCollection',
      features: [{
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-71.10044, 42.373695] },
        properties: { id: 1, address: '1369 Cambridge St' },
      }],
    },
  });
});

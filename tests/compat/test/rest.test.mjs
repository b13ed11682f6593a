// /rest/v1 through the real supabase-js query builder, on the app's own
// tables, with two users to prove row-level security keeps them apart.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { client, serviceClient, uniqueEmail } from '../lib.mjs';

const password = 'correct horse battery staple';
let alice, bob, aliceId, bobId;

async function signedIn(prefix) {
  const sb = client();
  const { data, error } = await sb.auth.signUp({ email: uniqueEmail(prefix), password });
  assert.equal(error, null);
  return [sb, data.user.id];
}

before(async () => {
  [alice, aliceId] = await signedIn('rest-alice');
  [bob, bobId] = await signedIn('rest-bob');
});

async function newProject(sb, name) {
  const { data, error } = await sb.from('projects').insert({ name }).select().single();
  assert.equal(error, null);
  return data;
}

test('insert with select().single() returns the row with server defaults', async () => {
  const { data, error, status, statusText } = await alice.from('tasks').insert({ title: 'Buy milk', priority: 2 }).select().single();
  assert.equal(error, null);
  assert.equal(status, 201);
  assert.equal(statusText, 'Created');
  assert.equal(data.title, 'Buy milk');
  assert.equal(data.user_id, aliceId);
  assert.equal(data.is_completed, false);
  assert.deepEqual(data.reminders, []);
});

test('insert without select returns no data', async () => {
  const r = await alice.from('tasks').insert({ title: 'No body' });
  assert.equal(r.error, null);
  assert.equal(r.data, null);
  assert.equal(r.status, 201);
});

test('bulk insert, filters, order, range and count', async () => {
  const titles = ['rest-a', 'rest-b', 'rest-c', 'rest-d'];
  const { data, error } = await alice.from('tasks')
    .insert(titles.map((title, i) => ({ title, priority: i % 3, notes: i === 0 ? null : `note ${i}` })))
    .select('title, priority');
  assert.equal(error, null);
  assert.equal(data.length, 4);

  const page = await alice.from('tasks').select('title', { count: 'exact' })
    .like('title', 'rest-%').order('title', { ascending: false }).range(1, 2);
  assert.equal(page.error, null);
  assert.equal(page.count, 4);
  assert.equal(page.status, 206);
  assert.deepEqual(page.data.map((t) => t.title), ['rest-c', 'rest-b']);

  const f = await alice.from('tasks').select('title')
    .ilike('title', 'REST-%').in('priority', [0, 2]).neq('title', 'rest-a').order('title');
  assert.deepEqual(f.data.map((t) => t.title), ['rest-c', 'rest-d']);

  const ors = await alice.from('tasks').select('title').or('title.eq.rest-a,title.eq.rest-d').order('title');
  assert.deepEqual(ors.data.map((t) => t.title), ['rest-a', 'rest-d']);

  const nulls = await alice.from('tasks').select('title').like('title', 'rest-%').is('notes', null);
  assert.deepEqual(nulls.data.map((t) => t.title), ['rest-a']);

  const gt = await alice.from('tasks').select('title').like('title', 'rest-%').gt('priority', 0).lte('priority', 1);
  assert.deepEqual(gt.data.map((t) => t.title).sort(), ['rest-b']);

  const not = await alice.from('tasks').select('title').like('title', 'rest-%').not('priority', 'in', '(0,1)');
  assert.deepEqual(not.data.map((t) => t.title), ['rest-c']);

  const match = await alice.from('tasks').select('title').match({ title: 'rest-b', priority: 1 });
  assert.equal(match.data.length, 1);

  const filt = await alice.from('tasks').select('title').filter('title', 'in', '("rest-a","rest-b")').limit(1).order('title');
  assert.deepEqual(filt.data, [{ title: 'rest-a' }]);

  const head = await alice.from('tasks').select('*', { count: 'exact', head: true }).like('title', 'rest-%');
  assert.equal(head.count, 4);
  assert.equal(head.data, null);
});

test('array, json and text-search filters', async () => {
  // The free plan allows one reminder per task.
  const ins = await alice.from('tasks').insert([
    { title: 'alarm one', reminders: [10] },
    { title: 'alarm two', reminders: [30] },
  ]);
  assert.equal(ins.error, null);
  const cs = await alice.from('tasks').select('title').contains('reminders', [10]);
  assert.deepEqual(cs.data.map((t) => t.title), ['alarm one']);
  const cd = await alice.from('tasks').select('title').like('title', 'alarm%').containedBy('reminders', [5, 10, 15]);
  assert.deepEqual(cd.data.map((t) => t.title), ['alarm one']);
  const ov = await alice.from('tasks').select('title').overlaps('reminders', [30, 99]);
  assert.deepEqual(ov.data.map((t) => t.title), ['alarm two']);
  const ts = await alice.from('tasks').select('title').textSearch('title', 'alarm & two', { config: 'english' });
  assert.deepEqual(ts.data.map((t) => t.title), ['alarm two']);
  const web = await alice.from('tasks').select('title').textSearch('title', 'alarm -two', { type: 'websearch' });
  assert.deepEqual(web.data.map((t) => t.title), ['alarm one']);
});

test('embeds: task with its project, project with its tasks', async () => {
  const p = await newProject(alice, `Embed ${Date.now()}`);
  const ins = await alice.from('tasks').insert([
    { title: 'e1', project_id: p.id, priority: 1 },
    { title: 'e2', project_id: p.id, priority: 3 },
  ]);
  assert.equal(ins.error, null);

  const one = await alice.from('tasks').select('title, projects(name, color)').eq('title', 'e1').single();
  assert.equal(one.error, null);
  assert.deepEqual(one.data, { title: 'e1', projects: { name: p.name, color: p.color } });

  const many = await alice.from('projects').select('name, tasks(title)').eq('id', p.id)
    .order('priority', { referencedTable: 'tasks', ascending: false }).limit(1, { referencedTable: 'tasks' }).single();
  assert.deepEqual(many.data, { name: p.name, tasks: [{ title: 'e2' }] });

  const inner = await alice.from('projects').select('id, tasks!inner(title)').eq('tasks.title', 'e1');
  assert.deepEqual(inner.data, [{ id: p.id, tasks: [{ title: 'e1' }] }]);

  const view = await alice.from('tasks_with_project').select('title, project_name').eq('project_id', p.id).order('title');
  assert.deepEqual(view.data, [{ title: 'e1', project_name: p.name }, { title: 'e2', project_name: p.name }]);
});

test('update and delete with select(), maybeSingle and single', async () => {
  const { data: t } = await alice.from('tasks').insert({ title: 'to change' }).select('id').single();
  const up = await alice.from('tasks').update({ title: 'changed', is_starred: true }).eq('id', t.id).select('title, is_starred').single();
  assert.equal(up.error, null);
  assert.deepEqual(up.data, { title: 'changed', is_starred: true });

  const maybe = await alice.from('tasks').select('id').eq('id', t.id).maybeSingle();
  assert.deepEqual(maybe.data, { id: t.id });
  const none = await alice.from('tasks').select('id').eq('title', 'no such task').maybeSingle();
  assert.equal(none.data, null);
  assert.equal(none.error, null);

  const single = await alice.from('tasks').select('id').eq('title', 'no such task').single();
  assert.equal(single.status, 406);
  assert.equal(single.error.code, 'PGRST116');
  assert.equal(single.error.details, 'The result contains 0 rows');

  const del = await alice.from('tasks').delete().eq('id', t.id).select('id');
  assert.deepEqual(del.data, [{ id: t.id }]);
  const del2 = await alice.from('tasks').delete({ count: 'exact' }).eq('id', t.id);
  assert.equal(del2.status, 204);
  assert.equal(del2.count, 0);
});

test('upsert user_preferences on user_id,preference_key', async () => {
  const first = await alice.from('user_preferences')
    .upsert({ user_id: aliceId, preference_key: 'theme', preference_value: '"dark"' }, { onConflict: 'user_id,preference_key' })
    .select('preference_key, preference_value').single();
  assert.equal(first.error, null);
  assert.equal(first.status, 201);
  const second = await alice.from('user_preferences')
    .upsert({ user_id: aliceId, preference_key: 'theme', preference_value: '"light"' }, { onConflict: 'user_id,preference_key' })
    .select('preference_key, preference_value').single();
  assert.equal(second.error, null);
  assert.equal(second.status, 200);
  assert.deepEqual(second.data, { preference_key: 'theme', preference_value: '"light"' });
  const rows = await alice.from('user_preferences').select('preference_value').eq('preference_key', 'theme');
  assert.equal(rows.data.length, 1);
});

test('row-level security keeps two users apart', async () => {
  const { data: t } = await alice.from('tasks').insert({ title: 'alice only' }).select('id').single();
  const seen = await bob.from('tasks').select('id').eq('id', t.id);
  assert.deepEqual(seen.data, []);
  const upd = await bob.from('tasks').update({ title: 'hijacked' }).eq('id', t.id).select();
  assert.deepEqual(upd.data, []);
  const still = await alice.from('tasks').select('title').eq('id', t.id).single();
  assert.equal(still.data.title, 'alice only');
  const spoof = await bob.from('tasks').insert({ title: 'as alice', user_id: aliceId });
  assert.equal(spoof.status, 403);
  assert.equal(spoof.error.code, '42501');
  const anon = await client().from('tasks').select('id');
  assert.deepEqual(anon.data, []);
  const all = await serviceClient().from('tasks').select('id').eq('id', t.id);
  assert.equal(all.data.length, 1);
});

test('errors have PostgREST shape', async () => {
  const missing = await alice.from('no_such_table').select();
  assert.equal(missing.status, 404);
  assert.equal(missing.error.code, 'PGRST205');
  assert.ok('details' in missing.error && 'hint' in missing.error);

  const col = await alice.from('tasks').select('nope');
  assert.equal(col.status, 400);
  assert.equal(col.error.code, '42703');

  const noTitle = await alice.from('tasks').insert({ notes: 'no title' });
  assert.equal(noTitle.status, 400);
  assert.match(noTitle.error.code, /^23/);
  assert.equal(typeof noTitle.error.message, 'string');

  const dup = await alice.from('projects').insert([{ name: 'Same' }, { name: 'same' }]);
  assert.equal(dup.error?.message?.length > 0, true);

  const parse = await alice.from('tasks').select('id').filter('id', 'nope', '1');
  assert.equal(parse.status, 400);
  assert.equal(parse.error.code, 'PGRST100');
});

test('rpc with args, GET rpc, and a set-returning rpc with filters', async () => {
  const ensured = await alice.rpc('ensure_default_smart_lists', { p_user_id: aliceId });
  assert.equal(ensured.error, null);
  assert.equal(typeof ensured.data, 'number');
  const again = await alice.rpc('ensure_default_smart_lists', { p_user_id: aliceId });
  assert.equal(again.data, 0);
  const denied = await alice.rpc('ensure_default_smart_lists', { p_user_id: bobId });
  assert.equal(denied.status, 403);
  assert.equal(denied.error.message, 'Not authorized');
  assert.equal(denied.error.details, 'Built-in filters can only be ensured for the signed-in user.');
  const anon = await client().rpc('ensure_default_smart_lists', { p_user_id: aliceId });
  assert.equal(anon.status, 401);

  await alice.from('tasks').insert({ title: 'searchable zebra' });
  const found = await alice.rpc('search_user_content', { p_search_term: 'zebra' });
  assert.equal(found.error, null);
  assert.ok(Array.isArray(found.data));
  assert.ok(found.data.length >= 1);
  const viaGet = await alice.rpc('search_user_content', { p_search_term: 'zebra' }, { get: true });
  assert.equal(viaGet.error, null);
  assert.deepEqual(viaGet.data, found.data);
  const limited = await alice.rpc('search_user_content', { p_search_term: 'zebra' }).limit(1);
  assert.equal(limited.data.length, 1);

  const nope = await alice.rpc('no_such_function', { a: 1 });
  assert.equal(nope.status, 404);
  assert.equal(nope.error.code, 'PGRST202');
});

test('csv and schema()', async () => {
  const csv = await alice.from('tasks').select('title').eq('title', 'Buy milk').csv();
  assert.equal(csv.error, null);
  assert.equal(csv.data, 'title\n"Buy milk"');
  const bad = await alice.schema('no_such_schema').from('tasks').select();
  assert.equal(bad.status, 406);
  assert.equal(bad.error.code, 'PGRST106');
});

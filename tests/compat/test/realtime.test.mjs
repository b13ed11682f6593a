// /realtime/v1 as supabase-js 2.119 meets it: postgres_changes with
// filters and row-level security, broadcast (socket, REST fallback,
// httpSend, private channels), presence, removeChannel, both serializers,
// and the app's own subscriptions on pomodoro_sessions and project_members.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import WebSocket from 'ws';
import { client, serviceClient, uniqueEmail } from '../lib.mjs';

const password = 'correct horse battery';

// sql runs statements as the superuser with `daybase sql` (run.mjs exports
// the binary and the data dir).
function sql(statements) {
  return execFileSync(process.env.DAYBASE_BIN, ['sql', '-c', statements], { env: process.env, encoding: 'utf8' });
}

const clients = [];
function track(sb) {
  clients.push(sb);
  return sb;
}

before(() => {
  sql(`
    CREATE SCHEMA IF NOT EXISTS compat_rt;
    GRANT USAGE ON SCHEMA compat_rt TO anon, authenticated, service_role;
    CREATE TABLE IF NOT EXISTS compat_rt.items (
      id    bigserial PRIMARY KEY,
      owner uuid,
      list  text NOT NULL,
      title text,
      done  boolean NOT NULL DEFAULT false,
      tags  text[],
      meta  jsonb
    );
    ALTER TABLE compat_rt.items REPLICA IDENTITY FULL;
    ALTER TABLE compat_rt.items ENABLE ROW LEVEL SECURITY;
    DROP POLICY IF EXISTS own ON compat_rt.items;
    CREATE POLICY own ON compat_rt.items FOR SELECT TO authenticated USING (owner = (SELECT auth.uid()));
    GRANT SELECT ON compat_rt.items TO authenticated;
    GRANT ALL ON compat_rt.items TO service_role;
    DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_publication_tables WHERE pubname = 'supabase_realtime' AND schemaname = 'compat_rt') THEN
        ALTER PUBLICATION supabase_realtime ADD TABLE compat_rt.items;
      END IF;
    END $$;
    DROP POLICY IF EXISTS compat_read ON realtime.messages;
    DROP POLICY IF EXISTS compat_write ON realtime.messages;
    CREATE POLICY compat_read ON realtime.messages FOR SELECT TO authenticated USING (realtime.topic() LIKE 'compat-private-%');
    CREATE POLICY compat_write ON realtime.messages FOR INSERT TO authenticated WITH CHECK (realtime.topic() LIKE 'compat-private-%');
  `);
});

after(async () => {
  await Promise.all(clients.map((sb) => sb.removeAllChannels()));
});

// subscribed resolves once the channel reports SUBSCRIBED.
function subscribed(channel) {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(new Error(`${status}: ${err?.message}`));
    });
  });
}

// inbox collects callback payloads; next() waits for the next one.
function inbox() {
  const items = [];
  const waiters = [];
  return {
    items,
    push(p) {
      items.push(p);
      const w = waiters.shift();
      if (w) w();
    },
    async next(timeoutMs = 10_000) {
      const start = Date.now();
      while (items.length === 0) {
        if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for a realtime message');
        await new Promise((r) => { waiters.push(r); setTimeout(r, 100); });
      }
      return items.shift();
    },
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let listSeq = 0;
const uniqueList = () => `list-${Date.now().toString(36)}-${++listSeq}`;

async function signedUpClient(options) {
  const sb = track(client(undefined, options));
  const { data, error } = await sb.auth.signUp({ email: uniqueEmail('rt'), password });
  assert.equal(error, null);
  return { sb, user: data.user };
}

test('postgres_changes: INSERT, UPDATE, DELETE and * with a filter', async () => {
  const sb = track(serviceClient());
  const list = uniqueList();
  const inserts = inbox(); const updates = inbox(); const deletes = inbox(); const all = inbox();
  const filter = `list=eq.${list}`;
  const channel = sb.channel(`items-${list}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'compat_rt', table: 'items', filter }, (p) => inserts.push(p))
    .on('postgres_changes', { event: 'UPDATE', schema: 'compat_rt', table: 'items', filter }, (p) => updates.push(p))
    .on('postgres_changes', { event: 'DELETE', schema: 'compat_rt', table: 'items', filter }, (p) => deletes.push(p))
    .on('postgres_changes', { event: '*', schema: 'compat_rt', table: 'items', filter }, (p) => all.push(p));
  await subscribed(channel);

  sql(`INSERT INTO compat_rt.items (list, title, tags, meta) VALUES ('other-list', 'not mine', NULL, NULL);
       INSERT INTO compat_rt.items (list, title, tags, meta) VALUES ('${list}', 'Buy milk', ARRAY['a','b'], '{"n":1}')`);
  const ins = await inserts.next();
  assert.equal(ins.eventType, 'INSERT');
  assert.equal(ins.schema, 'compat_rt');
  assert.equal(ins.table, 'items');
  assert.match(ins.commit_timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  assert.equal(ins.errors, null);
  assert.deepEqual(ins.old, {});
  const id = ins.new.id;
  assert.deepEqual(ins.new, { id, owner: null, list, title: 'Buy milk', done: false, tags: ['a', 'b'], meta: { n: 1 } });

  sql(`UPDATE compat_rt.items SET done = true WHERE id = ${id}`);
  const upd = await updates.next();
  assert.equal(upd.eventType, 'UPDATE');
  assert.equal(upd.new.done, true);
  assert.equal(upd.old.done, false);
  assert.equal(upd.old.title, 'Buy milk');

  sql(`DELETE FROM compat_rt.items WHERE id = ${id}`);
  const del = await deletes.next();
  assert.equal(del.eventType, 'DELETE');
  assert.deepEqual(del.new, {});
  assert.equal(del.old.id, id);

  assert.deepEqual((await Promise.all([all.next(), all.next(), all.next()])).map((p) => p.eventType), ['INSERT', 'UPDATE', 'DELETE']);
  await sleep(200);
  assert.equal(inserts.items.length + all.items.length, 0, 'the other list\'s row must not arrive');
  assert.equal(await sb.removeChannel(channel), 'ok');
});

test('postgres_changes follows row-level security per subscriber', async () => {
  const a = await signedUpClient();
  const b = await signedUpClient();
  const anon = track(client());
  const got = { a: inbox(), b: inbox(), anon: inbox() };
  for (const [name, sb] of [['a', a.sb], ['b', b.sb], ['anon', anon]]) {
    await subscribed(sb.channel('items-rls')
      .on('postgres_changes', { event: '*', schema: 'compat_rt', table: 'items' }, (p) => got[name].push(p)));
  }
  const list = uniqueList();
  sql(`INSERT INTO compat_rt.items (owner, list, title) VALUES ('${b.user.id}', '${list}', 'b1'), ('${a.user.id}', '${list}', 'a1');
       INSERT INTO compat_rt.items (owner, list, title) VALUES ('${a.user.id}', '${list}', 'a2')`);
  assert.deepEqual([(await got.a.next()).new.title, (await got.a.next()).new.title], ['a1', 'a2']);
  assert.equal((await got.b.next()).new.title, 'b1');
  await sleep(300);
  assert.equal(got.a.items.length, 0, `a received someone else's row: ${JSON.stringify(got.a.items)}`);
  assert.equal(got.b.items.length, 0, `b received someone else's row: ${JSON.stringify(got.b.items)}`);
  assert.equal(got.anon.items.length, 0, 'anon may not read the table');
});

test('broadcast between two clients, with ack and without self', async () => {
  for (const vsn of ['2.0.0', '1.0.0']) {
    const room = `room-${uniqueList()}`;
    const sender = track(client(undefined, { realtime: { transport: WebSocket, vsn } }));
    const receiver = track(client());
    const own = inbox(); const heard = inbox();
    const tx = sender.channel(room, { config: { broadcast: { ack: true } } }).on('broadcast', { event: 'cursor' }, (p) => own.push(p));
    const rx = receiver.channel(room).on('broadcast', { event: '*' }, (p) => heard.push(p));
    await subscribed(tx);
    await subscribed(rx);
    assert.equal(await tx.send({ type: 'broadcast', event: 'cursor', payload: { x: 1, vsn } }), 'ok');
    const m = await heard.next();
    assert.deepEqual(m, { type: 'broadcast', event: 'cursor', payload: { x: 1, vsn } });
    await sleep(200);
    assert.equal(own.items.length, 0, 'self is off: the sender must not hear itself');
  }
});

test('broadcast with self, REST fallback before joining, and httpSend', async () => {
  const room = `room-${uniqueList()}`;
  const sb = track(client());
  const heard = inbox();
  const channel = sb.channel(room, { config: { broadcast: { self: true } } }).on('broadcast', { event: '*' }, (p) => heard.push(p));
  await subscribed(channel);
  await channel.send({ type: 'broadcast', event: 'hello', payload: { n: 1 } });
  assert.deepEqual((await heard.next()).payload, { n: 1 });

  const other = track(client());
  const unjoined = other.channel(room);
  const warn = console.warn;
  console.warn = () => {}; // the client warns that send() falls back to REST
  try {
    assert.equal(await unjoined.send({ type: 'broadcast', event: 'via-rest', payload: { n: 2 } }), 'ok');
  } finally {
    console.warn = warn;
  }
  const rest = await heard.next();
  assert.equal(rest.event, 'via-rest');
  assert.deepEqual(rest.payload, { n: 2 });

  assert.deepEqual(await unjoined.httpSend('via-http', { n: 3 }), { success: true });
  assert.deepEqual((await heard.next()).payload, { n: 3 });
  await other.removeChannel(unjoined);
});

test('private channels follow realtime.messages policies', async () => {
  const topic = `compat-private-${uniqueList()}`;
  const { sb: member } = await signedUpClient();
  const { sb: peer } = await signedUpClient();
  const heard = inbox();
  const tx = member.channel(topic, { config: { private: true, broadcast: { ack: true } } });
  const rx = peer.channel(topic, { config: { private: true } }).on('broadcast', { event: 'note' }, (p) => heard.push(p));
  await subscribed(tx);
  await subscribed(rx);
  assert.equal(await tx.send({ type: 'broadcast', event: 'note', payload: { secret: true } }), 'ok');
  assert.deepEqual((await heard.next()).payload, { secret: true });

  const anon = track(client());
  const refused = await new Promise((resolve) => {
    anon.channel(topic, { config: { private: true } }).subscribe((status, err) => {
      if (status === 'CHANNEL_ERROR') resolve(err.message);
    });
  });
  assert.match(refused, /Unauthorized: You do not have permissions to read from this Channel topic/);
  await anon.removeAllChannels();
});

test('presence: track, sync, join and leave', async () => {
  const room = `presence-${uniqueList()}`;
  const ann = track(client());
  const bob = track(client());
  const joins = inbox(); const leaves = inbox(); const syncs = inbox();
  const annCh = ann.channel(room, { config: { presence: { key: 'ann' } } })
    .on('presence', { event: 'sync' }, () => syncs.push(annCh.presenceState()))
    .on('presence', { event: 'join' }, (p) => joins.push(p))
    .on('presence', { event: 'leave' }, (p) => leaves.push(p));
  await subscribed(annCh);
  assert.equal(await annCh.track({ name: 'Ann' }), 'ok');

  const bobCh = bob.channel(room, { config: { presence: { key: 'bob' } } });
  await subscribed(bobCh);
  assert.equal(await bobCh.track({ name: 'Bob' }), 'ok');

  let state;
  for (;;) {
    state = await syncs.next();
    if (state.ann && state.bob) break;
  }
  assert.equal(state.ann[0].name, 'Ann');
  assert.equal(state.bob[0].name, 'Bob');
  assert.ok(state.bob[0].presence_ref, 'metas carry a presence_ref');
  const keys = new Set();
  while (keys.size < 2) keys.add((await joins.next()).key);
  assert.deepEqual([...keys].sort(), ['ann', 'bob']);

  assert.equal(await bobCh.untrack(), 'ok');
  const left = await leaves.next();
  assert.equal(left.key, 'bob');
  assert.equal(left.leftPresences[0].name, 'Bob');
  assert.deepEqual(Object.keys(annCh.presenceState()), ['ann']);
});

test('removeChannel unsubscribes: no more changes arrive', async () => {
  const sb = track(serviceClient());
  const list = uniqueList();
  const got = inbox();
  const channel = sb.channel(`remove-${list}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'compat_rt', table: 'items', filter: `list=eq.${list}` }, (p) => got.push(p));
  await subscribed(channel);
  sql(`INSERT INTO compat_rt.items (list, title) VALUES ('${list}', 'before')`);
  assert.equal((await got.next()).new.title, 'before');
  assert.equal(await sb.removeChannel(channel), 'ok');
  assert.equal(sb.getChannels().length, 0);
  sql(`INSERT INTO compat_rt.items (list, title) VALUES ('${list}', 'after')`);
  await sleep(500);
  assert.equal(got.items.length, 0);
});

test('the app subscribes to its pomodoro sessions by user', async () => {
  const { sb, user } = await signedUpClient();
  const { user: other } = await signedUpClient();
  const got = inbox();
  await subscribed(sb.channel(`pomodoro-${user.id}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'pomodoro_sessions', filter: `user_id=eq.${user.id}` }, (p) => got.push(p)));
  sql(`INSERT INTO public.pomodoro_sessions (user_id, type) VALUES ('${other.id}', 'work');
       INSERT INTO public.pomodoro_sessions (user_id, type, duration_minutes) VALUES ('${user.id}', 'work', 25)`);
  const ins = await got.next();
  assert.equal(ins.eventType, 'INSERT');
  assert.equal(ins.new.user_id, user.id);
  assert.equal(ins.new.duration_minutes, 25);
  assert.equal(ins.new.status, 'active');
  sql(`UPDATE public.pomodoro_sessions SET status = 'paused' WHERE user_id = '${user.id}'`);
  const upd = await got.next();
  assert.equal(upd.eventType, 'UPDATE');
  assert.equal(upd.new.status, 'paused');
  assert.equal(upd.old.status, 'active');
  await sleep(200);
  assert.equal(got.items.length, 0, 'another user\'s session must not arrive');
});

test('the app hears project_members and project_invites changes of its projects', async () => {
  const { sb: ownerSb, user: owner } = await signedUpClient();
  const { user: stranger, sb: strangerSb } = await signedUpClient();
  const mine = inbox(); const theirs = inbox();
  for (const [sb, box] of [[ownerSb, mine], [strangerSb, theirs]]) {
    await subscribed(sb.channel('project-sharing')
      .on('postgres_changes', { event: '*', schema: 'public', table: 'project_members' }, (p) => box.push(p))
      .on('postgres_changes', { event: '*', schema: 'public', table: 'project_invites' }, (p) => box.push(p)));
  }
  sql(`INSERT INTO public.projects (user_id, name) VALUES ('${owner.id}', 'Compat project ${Date.now()}')`);
  const project = sql(`SELECT id FROM public.projects WHERE user_id = '${owner.id}' ORDER BY created_at DESC LIMIT 1`)
    .match(/[0-9a-f]{8}-[0-9a-f-]{27}/)[0];
  sql(`INSERT INTO public.project_invites (project_id, email, invited_by) VALUES ('${project}', '${uniqueEmail('invitee')}', '${owner.id}')`);
  const seen = [];
  const deadline = Date.now() + 10_000;
  while (!seen.some((p) => p.table === 'project_invites') && Date.now() < deadline) {
    seen.push(await mine.next());
  }
  assert.ok(seen.some((p) => p.table === 'project_invites' && p.eventType === 'INSERT' && p.new.project_id === project),
    `the owner hears the invitation: ${JSON.stringify(seen.map((p) => [p.table, p.eventType]))}`);
  await sleep(300);
  assert.equal(theirs.items.length, 0, `a stranger heard another user's project: ${JSON.stringify(theirs.items)}`);
  assert.ok(stranger.id);
});

test('the app hears its own new notifications only', async () => {
  const { sb, user } = await signedUpClient();
  const { user: other } = await signedUpClient();
  const got = inbox();
  await subscribed(sb.channel(`notifications-${user.id}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notifications', filter: `to_user_id=eq.${user.id}` }, (p) => got.push(p)));
  // A stranger's notification first: it must never arrive, filter or not.
  sql(`INSERT INTO public.notifications (to_user_id, from_user_id, type, title) VALUES ('${other.id}', NULL, 'system', 'not yours');
       INSERT INTO public.notifications (to_user_id, from_user_id, type, title, metadata)
         VALUES ('${user.id}', NULL, 'reminder', 'Task due soon', '{"task_title":"Pay rent"}')`);
  const ins = await got.next();
  assert.equal(ins.eventType, 'INSERT');
  assert.equal(ins.table, 'notifications');
  assert.equal(ins.new.to_user_id, user.id);
  assert.equal(ins.new.title, 'Task due soon');
  assert.equal(ins.new.is_read, false);
  assert.deepEqual(ins.new.metadata, { task_title: 'Pay rent' });
  await sleep(300);
  assert.equal(got.items.length, 0, 'another user\'s notification must not arrive');
});

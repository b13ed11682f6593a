// /functions/v1 as supabase-js 2.119 meets it: functions.invoke of each
// daybase function (happy path, 401 without a user, error bodies as
// FunctionsHttpError exposes them), FunctionsRelayError for an unknown
// function, CORS, and a scheduled reminder arriving as a notifications
// row over realtime.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { client, serviceClient, url, anonKey, uniqueEmail } from '../lib.mjs';

const password = 'correct horse battery';
const clients = [];
after(async () => {
  await Promise.all(clients.map((sb) => sb.removeAllChannels()));
});

async function signedUp() {
  const sb = client();
  clients.push(sb);
  const { data, error } = await sb.auth.signUp({ email: uniqueEmail('fn'), password });
  assert.equal(error, null);
  return { sb, user: data.user };
}

async function errorBody(error) {
  assert.ok(error instanceof FunctionsHttpError, `want FunctionsHttpError, got ${error?.name}: ${error?.message}`);
  return { status: error.context.status, body: await error.context.json() };
}

test('401 without a signed-in user, for every protected function', async () => {
  const anon = client();
  for (const name of ['schedule-task-notifications', 'billing-checkout', 'billing-portal', 'team-billing-checkout',
    'team-billing-portal', 'notify-task-created', 'slack-test-message', 'github-create-issue', 'github-list-repos',
    'export-data', 'import-data', 'support-request']) {
    const { data, error } = await anon.functions.invoke(name, { body: {} });
    assert.equal(data, null);
    const { status, body } = await errorBody(error);
    assert.equal(status, 401, name);
    assert.equal(body.code, 401, name);
  }
});

test('unknown function is a FunctionsRelayError with 404', async () => {
  const { sb } = await signedUp();
  const { data, error } = await sb.functions.invoke('no-such-function', { body: {} });
  assert.equal(data, null);
  assert.ok(error instanceof FunctionsRelayError);
  assert.equal(error.context.status, 404);
  assert.equal(error.context.headers.get('x-relay-error'), 'true');
  assert.deepEqual(await error.context.json(), { code: 'NOT_FOUND', message: 'Requested function was not found' });
});

test('CORS: preflight and exposed x-relay-error', async () => {
  const pre = await fetch(`${url}/functions/v1/billing-checkout`, {
    method: 'OPTIONS',
    headers: { Origin: 'http://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type' },
  });
  assert.equal(pre.status, 204);
  assert.equal(pre.headers.get('access-control-allow-origin'), '*');
  assert.match(pre.headers.get('access-control-allow-methods'), /POST/);
  assert.match(pre.headers.get('access-control-allow-headers'), /x-client-info/);
  const res = await fetch(`${url}/functions/v1/nope`, { method: 'POST', headers: { apikey: anonKey, Origin: 'http://app.example' } });
  assert.match(res.headers.get('access-control-expose-headers'), /x-relay-error/);
});

test('schedule-task-notifications: stored reminders, caller checks', async () => {
  const { sb, user } = await signedUp();
  const due = new Date(Date.now() + 3600_000).toISOString();
  const { data: task, error: insErr } = await sb.from('tasks').insert({ title: 'Report', due_time: due, due_date: due.slice(0, 10), reminders: [15] }).select().single();
  assert.equal(insErr, null);
  const { data, error } = await sb.functions.invoke('schedule-task-notifications', { body: { task, userId: user.id } });
  assert.equal(error, null);
  assert.equal(data.taskId, task.id);
  assert.deepEqual(data.scheduled.map((s) => [s.type, s.offsetMinutes]), [['advance', 15], ['due', 0], ['overdue', 0]]);

  const other = await signedUp();
  const res = await sb.functions.invoke('schedule-task-notifications', { body: { task, userId: other.user.id } });
  assert.deepEqual(await errorBody(res.error), { status: 403, body: { error: 'userId must be the signed-in user' } });
  const res2 = await other.sb.functions.invoke('schedule-task-notifications', { body: { task, userId: other.user.id } });
  assert.deepEqual(await errorBody(res2.error), { status: 404, body: { error: 'Task not found' } });
});

test('a due reminder arrives as a notifications row over realtime', async () => {
  const { sb, user } = await signedUp();
  const got = [];
  const channel = sb.channel(`notifications-${user.id}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notifications', filter: `to_user_id=eq.${user.id}` }, (p) => got.push(p.new));
  await new Promise((resolve, reject) => channel.subscribe((s, err) => (s === 'SUBSCRIBED' ? resolve() : s.endsWith('ERROR') || s === 'TIMED_OUT' ? reject(err ?? new Error(s)) : null)));
  const due = new Date(Date.now() + 3000).toISOString();
  const { data: task } = await sb.from('tasks').insert({ title: 'Stand-up', due_time: due, due_date: due.slice(0, 10) }).select().single();
  const { error } = await sb.functions.invoke('schedule-task-notifications', { body: { task, userId: user.id } });
  assert.equal(error, null);
  const deadline = Date.now() + 15_000;
  while (got.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  assert.equal(got.length, 1, 'no reminder notification within 15 s');
  assert.equal(got[0].type, 'reminder');
  assert.equal(got[0].title, 'Due now: Stand-up');
  assert.equal(got[0].entity_id, task.id);
  assert.equal(got[0].metadata.reminder_type, 'due');
  assert.equal(got[0].metadata.late, false);
});

test('billing: local checkout records the plan; errors carry the spec texts', async () => {
  const { sb, user } = await signedUp();
  const bad = await sb.functions.invoke('billing-checkout', { body: { priceId: 'gold', userId: user.id } });
  const { status, body } = await errorBody(bad.error);
  assert.equal(status, 400);
  assert.match(body.error, /^Unable to start checkout: unknown price id "gold"/);

  const { data, error } = await sb.functions.invoke('billing-checkout', {
    body: { priceId: 'pro_monthly', mode: 'subscription', successUrl: 'http://app.example/ok', cancelUrl: 'http://app.example/no', customerEmail: user.email, userId: user.id },
  });
  assert.equal(error, null);
  assert.match(data.url, /\/functions\/v1\/billing-local\/checkout\/[0-9a-f]{48}$/);
  const page = await fetch(data.url);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /Subscribe/);
  const paid = await fetch(data.url, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
  assert.equal(paid.status, 303);
  assert.equal(paid.headers.get('location'), 'http://app.example/ok');
  const { data: subs } = await sb.from('user_subscriptions').select('status, plan_id');
  assert.deepEqual(subs, [{ status: 'active', plan_id: 'pro_monthly' }]);

  const portal = await sb.functions.invoke('billing-portal', { body: { customerId: null, email: user.email } });
  assert.equal(portal.error, null);
  assert.match(portal.data.url, /\/functions\/v1\/billing-local\/portal\//);

  const team = await sb.functions.invoke('team-billing-checkout', { body: { priceId: 'team_monthly' } });
  assert.deepEqual(await errorBody(team.error), { status: 400, body: { error: 'Unable to start team checkout: missing teamId' } });
  const teamPortal = await sb.functions.invoke('team-billing-portal', { body: {} });
  assert.deepEqual(await errorBody(teamPortal.error), { status: 400, body: { error: 'Unable to open team billing portal: missing teamId' } });
});

test('integrations: spec error texts; the token is never read back', async () => {
  const { sb } = await signedUp();
  let res = await sb.functions.invoke('github-list-repos', { body: {} });
  assert.deepEqual(await errorBody(res.error), { status: 400, body: { error: 'GitHub integration not configured' } });
  const { data: conn, error } = await sb.from('integration_connections')
    .insert({ provider_key: 'github', config: { token: 'ghp_secret' } }).select('config').single();
  assert.equal(error, null);
  assert.deepEqual(conn.config, { has_token: true, has_webhook_url: false });
  res = await sb.functions.invoke('github-create-issue', { body: { title: 'Bug' } });
  assert.deepEqual(await errorBody(res.error), { status: 400, body: { error: 'No repository specified' } });

  const { data: task } = await sb.from('tasks').insert({ title: 'Tell the team' }).select().single();
  res = await sb.functions.invoke('notify-task-created', { body: { task } });
  assert.deepEqual(await errorBody(res.error), { status: 400, body: { error: 'Slack integration not configured' } });
  await sb.from('integration_connections').insert({ provider_key: 'slack', config: { webhook_url: 'http://169.254.169.254/latest', channel: 'general' } });
  res = await sb.functions.invoke('notify-task-created', { body: { task } });
  assert.deepEqual(await errorBody(res.error), { status: 400, body: { error: 'Slack webhook error: the webhook URL is not allowed' } });
});

test('export-data: JSON as an object, CSV as text', async () => {
  const { sb, user } = await signedUp();
  await sb.from('tasks').insert({ title: 'Exported' });
  const { data, error } = await sb.functions.invoke('export-data', { body: { format: 'json' } });
  assert.equal(error, null);
  assert.equal(data.profile.id, user.id);
  assert.deepEqual(data.tasks.map((t) => t.title), ['Exported']);
  assert.deepEqual(data.notes, []);
  assert.deepEqual(data.journals, []);
  assert.ok(!Number.isNaN(Date.parse(data.exportedAt)));
  const csv = await sb.functions.invoke('export-data', { body: { format: 'csv' } });
  assert.equal(csv.error, null);
  assert.equal(typeof csv.data, 'string');
  assert.match(csv.data, /^id,title,notes,due_date/);
  assert.match(csv.data, /Exported/);
});

test('import-data: a dry run then the restore of an export into an empty account', async () => {
  const { sb } = await signedUp();
  await sb.from('tasks').insert([{ title: 'Backed up', list: 'Garden' }, { title: 'Also backed up' }]);
  const { data: backup } = await sb.functions.invoke('export-data', { body: { format: 'json' } });
  const other = await signedUp();
  const dry = await other.sb.functions.invoke('import-data', { body: { dryRun: true, backup } });
  assert.equal(dry.error, null);
  assert.equal(dry.data.dryRun, true);
  assert.deepEqual(dry.data.counts, { projects: 1, tasks: 2, subtasks: 0, completedTasks: 0, notes: 0, noteFolders: 0, journals: 0, journalFolders: 0 });
  assert.deepEqual((await other.sb.from('tasks').select('title')).data, []);
  const done = await other.sb.functions.invoke('import-data', { body: { backup } });
  assert.equal(done.error, null);
  const tasks = await other.sb.from('tasks').select('title, list').order('title');
  assert.deepEqual(tasks.data, [{ title: 'Also backed up', list: null }, { title: 'Backed up', list: 'Garden' }]);
  const again = await other.sb.functions.invoke('import-data', { body: { dryRun: true, backup } });
  const { status, body } = await errorBody(again.error);
  assert.equal(status, 409);
  assert.match(body.error, /^Restore needs an empty account, and this one has 2 tasks and 1 project\./);
});

test('support-request: stored for the caller (aal1 is enough), spec text when incomplete, 3 an hour', async () => {
  const { sb, user } = await signedUp();
  const { data: aal } = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.equal(aal.currentLevel, 'aal1');

  const missing = await sb.functions.invoke('support-request', { body: { email: user.email, message: '  ', userId: user.id, topic: '2fa_recovery' } });
  assert.equal(missing.data, null);
  assert.deepEqual(await errorBody(missing.error), {
    status: 400,
    body: { error: 'Please provide both your email and a detailed message', title: 'Missing information' },
  });

  const body = { email: user.email, message: 'I lost my authenticator and my backup codes.', userId: user.id, topic: '2fa_recovery' };
  const { data, error } = await sb.functions.invoke('support-request', { body });
  assert.equal(error, null);
  assert.equal(data.success, true);
  assert.match(data.id, /^[0-9a-f-]{36}$/);

  // The queue is the server's: the user cannot read it back, the service role can.
  const own = await sb.from('support_requests').select('id');
  assert.equal(own.error?.code, '42501');
  const { data: rows, error: svcErr } = await serviceClient().from('support_requests').select('user_id, email, message, topic').eq('id', data.id);
  assert.equal(svcErr, null);
  assert.deepEqual(rows, [{ user_id: user.id, email: user.email, message: body.message, topic: '2fa_recovery' }]);

  for (let i = 0; i < 2; i++) assert.equal((await sb.functions.invoke('support-request', { body })).error, null);
  const limited = await sb.functions.invoke('support-request', { body });
  const { status, body: refusal } = await errorBody(limited.error);
  assert.equal(status, 429);
  assert.equal(refusal.title, 'Too many requests');
  assert.match(refusal.error, /^You have sent 3 support requests in the last hour\. Please try again in \d+ minutes?\.$/);
});

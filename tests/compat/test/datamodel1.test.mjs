// The calls of specs 000 §7 and 001 §7, written as the app writes them with
// supabase-js, against the data model of issue 6: each table, the three
// views and every RPC, with the spec's error texts where it gives one.
// Three accounts: an owner, a collaborator who joins the owner's project by
// e-mail invitation, and a third person who joins by link, to show sharing
// through /rest/v1. Generic builder behaviour is in rest.test.mjs.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { client, serviceClient, uniqueEmail } from '../lib.mjs';

const password = 'correct horse battery staple';
let owner, bob, carol; // { sb, id, email }

async function account(prefix, fullName) {
  const sb = client();
  const email = uniqueEmail(prefix);
  const { data, error } = await sb.auth.signUp({ email, password, options: { data: { full_name: fullName } } });
  assert.equal(error, null);
  assert.ok(data.session, 'sign-up returns a session (auto-confirm)');
  return { sb, id: data.user.id, email };
}

before(async () => {
  owner = await account('dm1-owner', 'Olivia Owner');
  bob = await account('dm1-bob', 'Bob Member');
  carol = await account('dm1-carol', 'Carol Link');
});

// ok asserts a call succeeded and returns its data.
function ok(res) {
  assert.equal(res.error, null, res.error && `${res.error.code}: ${res.error.message} (${res.error.details})`);
  return res.data;
}

// ---- 000 §3/§4/§7: accounts ----

test('000: profile, user_profiles and the three notification rows exist on first login', async () => {
  const { sb, id, email } = owner;
  const profile = ok(await sb.from('profiles').select('*').eq('id', id).single());
  assert.equal(profile.main_focus, 'personal_organization');
  assert.equal(profile.notifications_enabled, true);

  const prefs = ok(await sb.from('user_notification_preferences').select('channel_type, enabled, priority_threshold').eq('user_id', id).order('channel_type'));
  assert.deepEqual(prefs, [
    { channel_type: 'browser', enabled: true, priority_threshold: 1 },
    { channel_type: 'email', enabled: false, priority_threshold: 1 },
    { channel_type: 'in_app', enabled: true, priority_threshold: 1 },
  ]);
  ok(await sb.from('user_notification_preferences').update({ enabled: true }).eq('user_id', id).eq('channel_type', 'email'));

  ok(await sb.from('profiles').update({ main_focus: 'work', notifications_enabled: false }).eq('id', id));

  // Settings save: user_profiles upsert (000 §7).
  const up = ok(await sb.from('user_profiles')
    .upsert({ id, full_name: 'Olivia O.', compact_mode: true, push_notifications: false, updated_at: new Date().toISOString() })
    .select().single());
  assert.equal(up.email, email);
  assert.equal(up.full_name, 'Olivia O.');
  assert.equal(up.compact_mode, true);
  assert.equal(up.storage_limit, 16106127360);
  assert.equal(up.storage_used, 0);

  // update user data.full_name (000 §7) reaches the read model.
  for (const name of ['Olivia Renamed', 'Olivia Owner']) {
    ok(await sb.auth.updateUser({ data: { full_name: name } }));
    const again = ok(await sb.from('user_profiles').select('full_name').eq('id', id).single());
    assert.equal(again.full_name, name);
  }

  // Another user's rows are invisible.
  assert.deepEqual(ok(await bob.sb.from('profiles').select('id').eq('id', id)), []);
  assert.deepEqual(ok(await bob.sb.from('user_profiles').select('id').eq('id', id)), []);
});

test('000/001: user_preferences upsert on user_id,preference_key (privacy, appearance, task keys)', async () => {
  const { sb, id } = owner;
  const save = (preference_key, value) => sb.from('user_preferences').upsert(
    { user_id: id, preference_key, preference_value: JSON.stringify(value), updated_at: new Date().toISOString() },
    { onConflict: 'user_id,preference_key' });
  ok(await save('privacy', { saleShareOptOut: true, limitSensitiveUse: true, gpc: false }));
  ok(await save('privacy', { saleShareOptOut: false, limitSensitiveUse: true, gpc: true }));
  ok(await save('appearance.showDashboardBackground', false));
  ok(await save('tasks.creation.defaultDateForTime', 'tomorrow'));
  ok(await save('taskEditPaneWidth', 480));
  const rows = ok(await sb.from('user_preferences').select('preference_key, preference_value')
    .eq('user_id', id).eq('is_deleted', false).order('preference_key'));
  assert.deepEqual(rows.map((r) => [r.preference_key, JSON.parse(r.preference_value)]), [
    ['appearance.showDashboardBackground', false],
    ['privacy', { saleShareOptOut: false, limitSensitiveUse: true, gpc: true }],
    ['taskEditPaneWidth', 480],
    ['tasks.creation.defaultDateForTime', 'tomorrow'],
  ]);
  const one = ok(await sb.from('user_preferences').select('preference_value').eq('user_id', id).eq('preference_key', 'privacy').maybeSingle());
  assert.equal(JSON.parse(one.preference_value).gpc, true);
  // Not JSON: refused by the server, not stored.
  const bad = await sb.from('user_preferences').upsert({ user_id: id, preference_key: 'editingTaskId', preference_value: '{oops' },
    { onConflict: 'user_id,preference_key' });
  assert.equal(bad.status, 400);
  assert.deepEqual(ok(await sb.from('user_preferences').select('id').eq('preference_key', 'editingTaskId')), []);
  assert.deepEqual(ok(await bob.sb.from('user_preferences').select('id').eq('user_id', id)), []);
});

test('000: pomodoro settings per device, sessions (start cancels the running one, pause, complete) and stats kept by the server', async () => {
  const { sb, id } = owner;
  const deviceId = 'device-test-1';
  const settings = ok(await sb.from('pomodoro_settings')
    .upsert({ user_id: id, device_id: deviceId, work_duration: 50, short_break_duration: 10, long_break_duration: 20,
      sessions_until_long_break: 3, auto_start_breaks: true, auto_start_work: false, show_timer_in_title: true,
      updated_at: new Date().toISOString() }, { onConflict: 'user_id,device_id' })
    .select().single());
  assert.equal(settings.work_duration, 50);
  assert.equal(settings.daily_goal, 8);
  // Another device keeps its own row.
  ok(await sb.from('pomodoro_settings').upsert({ user_id: id, device_id: 'device-test-2', work_duration: 15 }, { onConflict: 'user_id,device_id' }));
  const rows = ok(await sb.from('pomodoro_settings').select('device_id, work_duration').eq('user_id', id).order('device_id'));
  assert.deepEqual(rows, [{ device_id: deviceId, work_duration: 50 }, { device_id: 'device-test-2', work_duration: 15 }]);
  const bad = await sb.from('pomodoro_settings').upsert({ user_id: id, device_id: deviceId, work_duration: 61 }, { onConflict: 'user_id,device_id' });
  assert.equal(bad.error?.code, '23514');

  const first = ok(await sb.from('pomodoro_sessions')
    .insert({ user_id: id, type: 'work', duration_minutes: 50, status: 'active', device_id: deviceId, started_at: new Date().toISOString() })
    .select().single());
  assert.equal(first.status, 'active');
  const paused = ok(await sb.from('pomodoro_sessions').update({ status: 'paused', paused_duration_seconds: 0 }).eq('id', first.id).select().single());
  assert.equal(paused.status, 'paused');
  // Starting a new session cancels the running one (000 §4).
  const second = ok(await sb.from('pomodoro_sessions')
    .insert({ user_id: id, type: 'short_break', duration_minutes: 10, status: 'active', device_id: deviceId })
    .select().single());
  const old = ok(await sb.from('pomodoro_sessions').select('status, ended_at').eq('id', first.id).single());
  assert.equal(old.status, 'cancelled');
  assert.ok(old.ended_at);
  ok(await sb.from('pomodoro_sessions').update({ status: 'completed', ended_at: new Date().toISOString(), completed_cycles: 1 }).eq('id', second.id));
  const active = ok(await sb.from('pomodoro_sessions').select('*').eq('user_id', id).in('status', ['active', 'paused']).eq('is_deleted', false).maybeSingle());
  assert.equal(active, null);
  const recent = ok(await sb.from('pomodoro_sessions').select('*').eq('user_id', id).eq('is_deleted', false)
    .order('started_at', { ascending: false }).limit(10));
  assert.deepEqual(recent.map((s) => s.id), [second.id, first.id]);

  // A completed work session lands in today's statistics (the user's time
  // zone is UTC: no preference); users cannot write them.
  const start = new Date(Date.now() - 50 * 60_000).toISOString();
  const work = ok(await sb.from('pomodoro_sessions')
    .insert({ user_id: id, type: 'work', duration_minutes: 50, device_id: deviceId, started_at: start }).select('id').single());
  ok(await sb.from('pomodoro_sessions').update({ status: 'completed', ended_at: new Date().toISOString(), completed_cycles: 1 }).eq('id', work.id));
  const today = new Date().toISOString().slice(0, 10);
  const week = ok(await sb.from('pomodoro_stats').select('date, completed_sessions, total_focus_minutes, total_break_minutes, current_streak')
    .eq('user_id', id).in('date', [today]));
  assert.deepEqual(week, [{ date: today, completed_sessions: 1, total_focus_minutes: 50, total_break_minutes: 10, current_streak: 1 }]);
  const write = await sb.from('pomodoro_stats').upsert({ user_id: id, date: today, completed_sessions: 9 }, { onConflict: 'user_id,date' });
  assert.equal(write.error?.code, '42501');
  assert.deepEqual(ok(await bob.sb.from('pomodoro_sessions').select('id').eq('user_id', id)), []);
});

test('000: user_subscriptions and team_subscriptions are read-only for users; the plan lifts caps', async () => {
  const { sb, id } = owner;
  assert.deepEqual(ok(await sb.from('user_subscriptions').select('status, plan_id').eq('user_id', id)
    .in('status', ['active', 'trialing', 'past_due'])), []);
  const forged = await sb.from('user_subscriptions').insert({ user_id: id, status: 'active', plan_id: 'pro_monthly' });
  assert.equal(forged.status, 403);
  assert.deepEqual(ok(await sb.from('team_subscriptions').select('status, plan_id').eq('team_id', crypto.randomUUID())), []);

  const pro = await account('dm1-pro', 'Pat Pro');
  ok(await serviceClient().from('user_subscriptions').insert({ user_id: pro.id, status: 'trialing', plan_id: 'pro_monthly' }));
  assert.deepEqual(ok(await pro.sb.from('user_subscriptions').select('status, plan_id').eq('user_id', pro.id)),
    [{ status: 'trialing', plan_id: 'pro_monthly' }]);
});

test('000: integration_connections (secrets kept server-side) and integration_audit_logs', async () => {
  const { sb, id } = owner;
  const conn = ok(await sb.from('integration_connections')
    .upsert({ user_id: id, provider_key: 'slack', status: 'connected',
      config: { webhook_url: 'https://hooks.example.test/T000/B000/XXX', channel: 'general' } }, { onConflict: 'user_id,provider_key' })
    .select().single());
  assert.equal(conn.status, 'connected');
  assert.equal(conn.config.channel, 'general');
  assert.equal(conn.config.webhook_url, undefined);
  assert.equal(conn.config.has_webhook_url, true);
  const found = ok(await sb.from('integration_connections').select('provider_key, status, config')
    .eq('user_id', id).eq('provider_key', 'slack').eq('status', 'connected').maybeSingle());
  assert.equal(found.provider_key, 'slack');

  const taskId = crypto.randomUUID();
  ok(await sb.from('integration_audit_logs').insert({ user_id: id, provider_key: 'slack', action: 'notify_task_created',
    target_type: 'task', target_id: taskId, metadata: { status: 200 }, request_id: 'req-1' }));
  // The server logged the connection itself (0702).
  const logs = ok(await sb.from('integration_audit_logs').select('action, target_id, metadata').eq('user_id', id).order('created_at'));
  assert.deepEqual(logs, [{ action: 'connect', target_id: conn.id, metadata: { status: 'connected' } },
    { action: 'notify_task_created', target_id: taskId, metadata: { status: 200 } }]);
  // The log is append-only.
  const upd = await sb.from('integration_audit_logs').update({ action: 'x' }).eq('user_id', id);
  assert.notEqual(upd.error, null);
  assert.deepEqual(ok(await bob.sb.from('integration_connections').select('id').eq('user_id', id)), []);
});

test('000: two-factor RPCs log_2fa_event, generate_backup_codes, validate_backup_code', async () => {
  const { sb, id } = await account('dm1-2fa', 'Tess Two');
  ok(await sb.rpc('log_2fa_event', { event_type: 'enroll_started', factor_id: null, challenge_id: null, success: true, metadata: { ui: 'settings' } }));
  const codes = ok(await sb.rpc('generate_backup_codes', { p_user_id: id }));
  assert.equal(codes.length, 10);
  assert.match(codes[0], /^[a-z0-9]{4}-[a-z0-9]{4}$/);
  const settings = ok(await sb.from('user_2fa_settings').select('backup_codes_generated').eq('user_id', id).single());
  assert.equal(settings.backup_codes_generated, true);
  const rows = ok(await sb.from('user_2fa_backup_codes').select('id').eq('user_id', id).eq('is_deleted', false));
  assert.equal(rows.length, 10);
  assert.equal(ok(await sb.rpc('validate_backup_code', { p_backup_code: codes[0] })), true);
  assert.equal(ok(await sb.rpc('validate_backup_code', { p_backup_code: codes[0] })), false);
  const other = await sb.rpc('generate_backup_codes', { p_user_id: owner.id });
  assert.equal(other.status, 403);
});

// ---- 001 §7: tasks, projects, sharing, smart filters, tags ----

test('001: tasks — quick-add insert with select, update by id, completion, soft delete, the two views', async () => {
  const { sb, id } = owner;
  const project = ok(await sb.from('projects').insert({ name: 'Home', user_id: id }).select().single());
  // Quick-add payload (001 §7).
  const quick = {
    title: 'Call the plumber', notes: 'About the sink', priority: 2, due_date: '2030-01-15',
    due_time: '2030-01-15T14:00:00.000Z', tags: 'home, urgent', list: 'Home',
    recurrence: JSON.stringify({ type: 'weekly', interval: 2 }), is_completed: false, is_deleted: false,
  };
  const a = ok(await sb.from('tasks').insert({ ...quick, user_id: id }).select().single());
  assert.equal(a.project_id, project.id, 'list names the project');
  assert.equal(a.completed_at, null);
  const b = ok(await sb.from('tasks').insert({ title: 'Second', user_id: id, is_completed: false, is_deleted: false }).select().single());
  assert.equal(b.sort_order, a.sort_order + 1, 'sort_order = highest + 1');

  // Update by id with changed fields; completing sets completed_at, reopening clears it.
  const done = ok(await sb.from('tasks').update({ is_completed: true, updated_at: new Date().toISOString() }).eq('id', a.id).select().single());
  assert.ok(done.completed_at);
  const reopened = ok(await sb.from('tasks').update({ is_completed: false }).eq('id', a.id).select().single());
  assert.equal(reopened.completed_at, null);
  ok(await sb.from('tasks').update({ is_starred: true }).eq('id', b.id).eq('user_id', id));
  // Drag onto the project sets list; onto Inbox clears it.
  const moved = ok(await sb.from('tasks').update({ list: 'Home' }).eq('id', b.id).select('list, project_id').single());
  assert.deepEqual(moved, { list: 'Home', project_id: project.id });
  const inbox = ok(await sb.from('tasks').update({ list: null }).eq('id', b.id).select('list, project_id').single());
  assert.deepEqual(inbox, { list: null, project_id: null });
  // A subtask.
  const sub = ok(await sb.from('tasks').insert({ title: 'Buy washer', parent_id: a.id, user_id: id }).select().single());
  assert.equal(sub.parent_id, a.id);

  // Reads through the views, then the fallback table.
  const viaAccessible = ok(await sb.from('user_accessible_tasks_with_project').select('*')
    .eq('is_deleted', false).order('sort_order', { ascending: true }).order('created_at', { ascending: false }));
  const row = viaAccessible.find((t) => t.id === a.id);
  assert.equal(row.project_name, 'Home');
  assert.equal(row.is_owner, true);
  assert.equal(row.user_role, 'owner');
  const viaWith = ok(await sb.from('tasks_with_project').select('*').eq('user_id', id).eq('is_deleted', false).order('sort_order'));
  assert.ok(viaWith.some((t) => t.id === a.id && t.project_name === 'Home' && t.project_color === '#3b82f6'));
  const viaTable = ok(await sb.from('tasks').select('*').eq('user_id', id).eq('is_deleted', false).order('sort_order'));
  assert.equal(viaTable.length, viaWith.length);

  // Blank title refused on the server.
  const blank = await sb.from('tasks').insert({ title: '   ', user_id: id });
  assert.equal(blank.error?.message, 'Task title required');

  // Soft delete; the subtask follows.
  ok(await sb.from('tasks').update({ is_deleted: true }).eq('id', a.id));
  const gone = ok(await sb.from('user_accessible_tasks_with_project').select('id').eq('is_deleted', false).in('id', [a.id, sub.id]));
  assert.deepEqual(gone, []);
  assert.deepEqual(ok(await bob.sb.from('tasks').select('id').eq('id', b.id)), []);
});

test("001: the Free plan's 501st task fails with 'Task limit reached for Free plan'", async () => {
  const u = await account('dm1-cap', 'Cap Tester');
  const rows = Array.from({ length: 499 }, (_, i) => ({ user_id: u.id, title: `Filler ${i}` }));
  ok(await serviceClient().from('tasks').insert(rows));
  ok(await u.sb.from('tasks').insert({ title: 'Task 500', user_id: u.id }).select().single());
  const over = await u.sb.from('tasks').insert({ title: 'Task 501', user_id: u.id }).select().single();
  assert.equal(over.status, 400);
  assert.equal(over.error.code, 'P0001');
  assert.equal(over.error.message, 'Task limit reached for Free plan');
  assert.equal(over.error.details, 'This would make 501 tasks; the Free plan allows 500.');
  // Soft-deleting one frees a slot.
  const one = ok(await u.sb.from('tasks').select('id').eq('title', 'Filler 0').single());
  ok(await u.sb.from('tasks').update({ is_deleted: true }).eq('id', one.id));
  ok(await u.sb.from('tasks').insert({ title: 'Task 501 again', user_id: u.id }));
});

test('001: projects — defaults, unique name message, reorder, favorite, the accessible-projects view, soft delete', async () => {
  const { sb, id } = owner;
  const p1 = ok(await sb.from('projects').insert({ name: 'Work', overview: 'Due: 2030-02-01', user_id: id }).select().single());
  assert.equal(p1.color, '#3b82f6');
  assert.equal(p1.icon_name, 'Folder');
  assert.equal(p1.icon_weight, 'duotone');
  assert.equal(p1.owner_id, id);
  assert.equal(p1.is_shared, false);
  const p2 = ok(await sb.from('projects').insert({ name: 'Garden', color: '#ef4444', icon_name: 'Tree', user_id: id }).select().single());
  assert.equal(p2.sort_order, p1.sort_order + 1);

  const dup = await sb.from('projects').insert({ name: ' work ', user_id: id }).select().single();
  assert.equal(dup.error.code, '23505');
  assert.equal(dup.error.message, 'A project with this name already exists. Please try again.');

  // Order saved as a list of ids; favorite toggle; edit.
  for (const [i, pid] of [p2.id, p1.id].entries()) ok(await sb.from('projects').update({ sort_order: i }).eq('id', pid));
  ok(await sb.from('projects').update({ is_favorite: true }).eq('id', p2.id));
  ok(await sb.from('projects').update({ name: 'Garden & yard', icon_color: '#22c55e' }).eq('id', p2.id));

  const mine = ok(await sb.from('user_accessible_projects').select('*').eq('is_deleted', false).order('sort_order'));
  const ours = mine.filter((p) => p.id === p1.id || p.id === p2.id);
  assert.deepEqual(ours.map((p) => [p.name, p.is_favorite, p.is_owner, p.user_role]),
    [['Garden & yard', true, true, 'owner'], ['Work', false, true, 'owner']]);
  const direct = ok(await sb.from('projects').select('*').eq('user_id', id).eq('is_deleted', false).order('sort_order'));
  assert.ok(direct.some((p) => p.id === p1.id));

  ok(await sb.from('projects').update({ is_deleted: true }).eq('id', p1.id));
  assert.deepEqual(ok(await sb.from('user_accessible_projects').select('id').eq('id', p1.id)), []);
  // The name is free again once deleted.
  ok(await sb.from('projects').insert({ name: 'Work', user_id: id }));
});

test('001: sharing — invite by e-mail, accept, link invite, roles, members view; data shared through REST', async () => {
  const { sb, id } = owner;
  const project = ok(await sb.from('projects').insert({ name: `Shared ${Date.now()}`, user_id: id }).select().single());
  const ownerTask = ok(await sb.from('tasks').insert({ title: 'Owner task in shared', project_id: project.id, user_id: id }).select().single());

  // Invite Bob by e-mail (mixed case, as typed).
  const invite = ok(await sb.rpc('create_project_invite', { p_project_id: project.id, p_email: bob.email.toUpperCase(), p_invited_by: id }));
  assert.equal(invite.email, bob.email);
  assert.equal(invite.is_link, false);
  const bad = await sb.rpc('create_project_invite', { p_project_id: project.id, p_email: 'not-an-email', p_invited_by: id });
  assert.equal(bad.error.message, 'Invalid email');
  const spoof = await bob.sb.rpc('create_project_invite', { p_project_id: project.id, p_email: 'x@example.test', p_invited_by: id });
  assert.equal(spoof.error.message, 'Not authorized');

  const withInviter = ok(await sb.rpc('get_project_invites_with_inviter', { p_project_id: project.id }));
  assert.equal(withInviter.length, 1);
  assert.equal(withInviter[0].inviter_email, owner.email);
  assert.equal(withInviter[0].inviter_name, 'Olivia Owner');
  // The fallback: project_invites not accepted and not expired.
  const fallback = ok(await sb.from('project_invites').select('*').eq('project_id', project.id)
    .is('accepted_at', null).gt('expires_at', new Date().toISOString()));
  assert.deepEqual(fallback.map((i) => i.id), [invite.id]);
  const pending = ok(await sb.rpc('get_all_project_members_with_invites', { p_project_id: project.id }));
  assert.deepEqual(pending.map((m) => [m.role, m.status, m.user_email]), [['owner', 'active', owner.email], ['member', 'pending', bob.email]]);

  // Before joining Bob sees his invitation, not the project.
  assert.deepEqual(ok(await bob.sb.from('user_accessible_projects').select('id').eq('id', project.id)), []);
  const bobsInvite = ok(await bob.sb.from('project_invites').select('token').eq('id', invite.id).single());
  const carolTry = await carol.sb.rpc('accept_project_invite', { p_invite_token: bobsInvite.token });
  assert.equal(carolTry.error.message, 'This invitation was sent to a different email address');
  const accepted = ok(await bob.sb.rpc('accept_project_invite', { p_invite_token: bobsInvite.token }));
  assert.deepEqual(accepted, { project_id: project.id, project_name: project.name, role: 'member', already_member: false });
  const reused = await bob.sb.rpc('accept_project_invite', { p_invite_token: bobsInvite.token });
  assert.equal(reused.error.message, 'This invitation has already been used');
  const unknown = await bob.sb.rpc('accept_project_invite', { p_invite_token: 'f'.repeat(48) });
  assert.equal(unknown.error.message, 'Invitation not found');

  // Bob now reads and writes the project's tasks through REST.
  const bobProjects = ok(await bob.sb.from('user_accessible_projects').select('*').eq('id', project.id));
  assert.deepEqual(bobProjects.map((p) => [p.is_owner, p.user_role, p.is_shared]), [[false, 'member', true]]);
  const bobView = ok(await bob.sb.from('user_accessible_tasks_with_project').select('*').eq('is_deleted', false).eq('project_id', project.id));
  assert.deepEqual(bobView.map((t) => [t.id, t.is_owner, t.user_role, t.project_name]), [[ownerTask.id, false, 'member', project.name]]);
  const bobTask = ok(await bob.sb.from('tasks').insert({ title: 'Bob adds', project_id: project.id, user_id: bob.id }).select().single());
  ok(await bob.sb.from('tasks').update({ notes: 'edited by Bob' }).eq('id', ownerTask.id));
  // (sort_order counts per user: Bob's task is not after the owner's.)
  const ownerView = ok(await sb.from('user_accessible_tasks_with_project').select('id, title, notes, is_owner')
    .eq('project_id', project.id).eq('is_deleted', false).order('title', { ascending: false }));
  assert.deepEqual(ownerView.map((t) => [t.title, t.notes, t.is_owner]),
    [['Owner task in shared', 'edited by Bob', true], ['Bob adds', null, false]]);
  assert.ok(ownerView.some((t) => t.id === bobTask.id));
  // tasks_with_project is own tasks only.
  assert.deepEqual(ok(await bob.sb.from('tasks_with_project').select('id').eq('project_id', project.id)).map((t) => t.id), [bobTask.id]);

  // Invite link: Carol joins by link; switching it off cancels it.
  const token = ok(await sb.rpc('create_project_invite_link', { p_project_id: project.id, p_invited_by: id }));
  assert.match(token, /^[0-9a-f]{48}$/);
  assert.equal(ok(await sb.rpc('create_project_invite_link', { p_project_id: project.id, p_invited_by: id })), token);
  const bobLink = await bob.sb.rpc('create_project_invite_link', { p_project_id: project.id, p_invited_by: bob.id });
  assert.equal(bobLink.error.message, 'Only the project owner or an admin can invite members');
  ok(await carol.sb.rpc('accept_project_invite', { p_invite_token: token }));
  const token2 = ok(await sb.rpc('create_project_invite_link', { p_project_id: project.id, p_invited_by: id }));
  assert.notEqual(token2, token);
  const linkRow = ok(await sb.rpc('get_project_invites_with_inviter', { p_project_id: project.id })).find((i) => i.token === token2);
  assert.equal(ok(await sb.rpc('cancel_project_invite', { p_invite_id: linkRow.id })), null);
  const cancelled = await sb.rpc('cancel_project_invite', { p_invite_id: linkRow.id });
  assert.equal(cancelled.error.message, 'Invitation not found');
  // Cancel an e-mail invitation too.
  const later = ok(await sb.rpc('create_project_invite', { p_project_id: project.id, p_email: uniqueEmail('dm1-later'), p_invited_by: id }));
  ok(await sb.rpc('cancel_project_invite', { p_invite_id: later.id }));
  assert.deepEqual(ok(await sb.rpc('get_project_invites_with_inviter', { p_project_id: project.id })), []);

  // Members: the owner makes Carol admin; nobody changes or removes their own entry.
  const members = ok(await sb.rpc('get_all_project_members_with_invites', { p_project_id: project.id }));
  assert.deepEqual(members.map((m) => [m.role, m.status, m.user_name]).sort(),
    [['member', 'active', 'Bob Member'], ['member', 'active', 'Carol Link'], ['owner', 'active', 'Olivia Owner']]);
  const carolRow = members.find((m) => m.user_id === carol.id);
  const bobRow = members.find((m) => m.user_id === bob.id);
  const direct = ok(await sb.from('project_members').select('id, user_id, role, user_email, user_name').eq('project_id', project.id));
  assert.equal(direct.length, 3);
  // A member cannot change roles: the row is out of reach of his update.
  const byBob = await bob.sb.from('project_members').update({ role: 'admin' }).eq('id', carolRow.id).select();
  if (byBob.error) assert.equal(byBob.error.message, 'Only the project owner can change roles');
  else assert.deepEqual(byBob.data, []);
  assert.equal(ok(await sb.from('project_members').select('role').eq('id', carolRow.id).single()).role, 'member');
  ok(await sb.from('project_members').update({ role: 'admin' }).eq('id', carolRow.id));
  const self = await carol.sb.from('project_members').update({ role: 'member' }).eq('id', carolRow.id);
  assert.equal(self.error.message, 'You cannot change your own role');
  const leave = await bob.sb.from('project_members').delete().eq('id', bobRow.id);
  assert.equal(leave.error.message, 'You cannot remove yourself from the project');
  // An admin invites and removes members.
  ok(await carol.sb.rpc('create_project_invite', { p_project_id: project.id, p_email: uniqueEmail('dm1-by-admin'), p_invited_by: carol.id }));
  ok(await carol.sb.from('project_members').delete().eq('id', bobRow.id));
  // Removed, Bob keeps only the task he wrote.
  assert.deepEqual(ok(await bob.sb.from('user_accessible_tasks_with_project').select('id').eq('project_id', project.id)).map((t) => t.id), [bobTask.id]);
  assert.deepEqual(ok(await bob.sb.from('user_accessible_projects').select('id').eq('id', project.id)), []);

  // Outsiders and anon see nothing.
  const outsider = await account('dm1-out', 'Otto Outsider');
  assert.deepEqual(ok(await outsider.sb.from('user_accessible_tasks_with_project').select('id').eq('project_id', project.id)), []);
  assert.deepEqual(ok(await outsider.sb.from('project_members').select('id').eq('project_id', project.id)), []);
  const noAccess = await outsider.sb.rpc('get_all_project_members_with_invites', { p_project_id: project.id });
  assert.equal(noAccess.error.message, 'You do not have access to this project');
  const noInvites = await outsider.sb.rpc('get_project_invites_with_inviter', { p_project_id: project.id });
  assert.equal(noInvites.error.message, 'Only the project owner or an admin can see invitations');
  assert.deepEqual(ok(await client().from('user_accessible_projects').select('id')), []);
  const anonRpc = await client().rpc('accept_project_invite', { p_invite_token: token });
  assert.equal(anonRpc.status, 401);
});

test("001: smart filters — built-ins, defaults, 'Invalid Name', 'Invalid Description', 'Invalid Filter Criteria', cap and rate limit", async () => {
  const { sb, id } = await account('dm1-filters', 'Fay Filter');
  assert.equal(ok(await sb.rpc('ensure_default_smart_lists', { p_user_id: id })), 7);
  const builtins = ok(await sb.from('smart_lists').select('name, system_key').eq('user_id', id).eq('is_deleted', false).order('sort_order'));
  assert.deepEqual(builtins.map((b) => b.name).sort(), ['All', 'Anytime', 'Inbox', 'Logbook', 'Someday', 'Today', 'Upcoming']);

  const filters = (conditions, logic = 'AND') => JSON.stringify({ conditions, logic });
  const cond = { field: 'completed', operator: 'equals', value: false };
  const insert = (row) => sb.from('smart_lists').insert({ user_id: id, ...row }).select().single();
  const created = ok(await insert({ name: 'High Priority', description: 'priority = 3',
    filters_data: filters([{ field: 'priority', operator: 'equals', value: 3 }]) }));
  assert.deepEqual([created.color, created.icon_name, created.sort_option, created.sort_order, created.name_normalized],
    ['#3b82f6', 'list', 'created_at', 999, 'high priority']);

  const badName = await insert({ name: 'bad <name>', filters_data: filters([cond]) });
  assert.equal(badName.error.message, 'Invalid Name');
  assert.equal(badName.error.details, 'Filter name contains invalid characters');
  const longName = await insert({ name: 'x'.repeat(101), filters_data: filters([cond]) });
  assert.equal(longName.error.message, 'Invalid Name');
  const badDesc = await insert({ name: 'Desc', description: 'd'.repeat(501), filters_data: filters([cond]) });
  assert.equal(badDesc.error.message, 'Invalid Description');
  const tooMany = await insert({ name: 'Eleven', filters_data: filters(Array(11).fill(cond)) });
  assert.equal(tooMany.error.message, 'Invalid Filter Criteria');
  assert.equal(tooMany.error.details, 'Maximum 10 conditions allowed');
  const badLogic = await insert({ name: 'Logic', filters_data: filters([cond], 'XOR') });
  assert.equal(badLogic.error.details, 'Invalid filter logic');
  const notJson = await insert({ name: 'Json', filters_data: '{conditions' });
  assert.equal(notJson.error.details, 'Invalid filter data format');
  const dup = await insert({ name: 'HIGH PRIORITY', filters_data: filters([cond]) });
  assert.equal(dup.error.code, '23505');

  // Free plan: two custom filters (built-ins not counted).
  ok(await insert({ name: 'Starred', filters_data: filters([{ field: 'is_starred', operator: 'equals', value: true }]) }));
  const third = await insert({ name: 'Overdue', filters_data: filters([{ field: 'due_date', operator: 'is_overdue' }]) });
  assert.equal(third.error.message, 'Smart filter limit reached for Free plan');

  // Toggle hide_when_empty, soft delete; realtime-driven refetch reads by user.
  ok(await sb.from('smart_lists').update({ hide_when_empty: true }).eq('id', created.id));
  ok(await sb.from('smart_lists').update({ is_deleted: true }).eq('id', created.id));
  const live = ok(await sb.from('smart_lists').select('name').eq('user_id', id).eq('is_deleted', false).is('system_key', null));
  assert.deepEqual(live, [{ name: 'Starred' }]);

  // Rate limit: a Pro user's 11th creation within 5 minutes.
  const pro = await account('dm1-filters-pro', 'Pia Pro');
  ok(await serviceClient().from('user_subscriptions').insert({ user_id: pro.id, status: 'active', plan_id: 'pro_yearly' }));
  ok(await pro.sb.rpc('ensure_default_smart_lists', { p_user_id: pro.id }));
  for (let i = 1; i <= 10; i++) {
    ok(await pro.sb.from('smart_lists').insert({ user_id: pro.id, name: `Filter ${i}`, filters_data: filters([cond]) }));
  }
  const eleventh = await pro.sb.from('smart_lists').insert({ user_id: pro.id, name: 'Filter 11', filters_data: filters([cond]) }).select().single();
  assert.equal(eleventh.error.message, 'Too many filters created recently. Please wait before creating more.');
});

test('001: global_tags — by user, not deleted, by usage_count desc; insert; usage_count + 1', async () => {
  const { sb, id } = owner;
  ok(await sb.from('global_tags').insert({ name: 'errands', color: '#f59e0b', user_id: id, usage_count: 1 }));
  const t = ok(await sb.from('global_tags').insert({ name: 'work', color: '#3b82f6', user_id: id, usage_count: 0 }).select().single());
  for (let i = 0; i < 2; i++) {
    const cur = ok(await sb.from('global_tags').select('usage_count').eq('id', t.id).single());
    ok(await sb.from('global_tags').update({ usage_count: cur.usage_count + 1, updated_at: new Date().toISOString() }).eq('id', t.id));
  }
  const tags = ok(await sb.from('global_tags').select('*').eq('user_id', id).eq('is_deleted', false).order('usage_count', { ascending: false }));
  assert.deepEqual(tags.map((g) => [g.name, g.usage_count]), [['work', 2], ['errands', 1]]);
  const dup = await sb.from('global_tags').insert({ name: ' WORK ', color: '#000000', user_id: id, usage_count: 0 });
  assert.equal(dup.error.message, 'A tag with this name already exists');
  assert.deepEqual(ok(await bob.sb.from('global_tags').select('id').eq('user_id', id)), []);
});

test('001: search_user_content {p_search_term, p_content_type, p_limit 20} finds own and shared content', async () => {
  const { sb, id } = owner;
  const project = ok(await sb.from('projects').insert({ name: 'Quokka research', user_id: id }).select().single());
  ok(await sb.from('tasks').insert({ title: 'Photograph the quokka', project_id: project.id, user_id: id }));
  const all = ok(await sb.rpc('search_user_content', { p_search_term: 'quokka', p_content_type: 'all', p_limit: 20 }));
  assert.deepEqual(all.map((r) => r.content_type).sort(), ['project', 'task']);
  for (const r of all) assert.ok('id' in r && 'title' in r && 'snippet' in r && 'rank' in r);
  const tasksOnly = ok(await sb.rpc('search_user_content', { p_search_term: 'quokka', p_content_type: 'tasks', p_limit: 20 }));
  assert.deepEqual(tasksOnly.map((r) => r.title), ['Photograph the quokka']);
  assert.deepEqual(ok(await bob.sb.rpc('search_user_content', { p_search_term: 'quokka', p_content_type: 'all', p_limit: 20 })), []);
});

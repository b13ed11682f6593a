// Spec 002 §7's calls through the real supabase-js client, as the app
// makes them: notes and folders, the journal and its statistics, teams and
// invitations, comments with mentions, attachments, linked content,
// search, recent content, notifications (and their realtime inserts) and
// the activity log. Two users prove that row-level security keeps them
// apart; the caps' and rules' texts must reach the client as error.message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { client, serviceClient, uniqueEmail } from '../lib.mjs';

const password = 'correct horse battery staple';
const clients = [];
let alice, bob, aliceId, bobId, bobEmail;
const service = serviceClient();
const today = new Date().toISOString().slice(0, 10);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function signedIn(prefix) {
  const sb = client();
  clients.push(sb);
  const email = uniqueEmail(prefix);
  const { data, error } = await sb.auth.signUp({ email, password });
  assert.equal(error, null);
  return [sb, data.user.id, email];
}

before(async () => {
  [alice, aliceId] = await signedIn('dm2-alice');
  [bob, bobId, bobEmail] = await signedIn('dm2-bob');
});

after(async () => {
  for (const sb of clients) await sb.removeAllChannels();
});

function ok(r) {
  assert.equal(r.error, null, r.error && JSON.stringify(r.error));
  return r.data;
}

test('notes and note_folders: read, insert, move, update, soft-delete; another user sees none', async () => {
  const folder = ok(await alice.from('note_folders').insert({ name: 'Work', color: 'indigo' }).select().single());
  assert.equal(folder.user_id, aliceId);
  assert.equal(folder.is_shared, false);

  const note = ok(await alice.from('notes').insert({ title: 'Meeting notes', content: 'Agenda: budget', user_id: aliceId }).select().single());
  assert.equal(note.folder, null);
  assert.equal(note.is_deleted, false);

  // Move: {id, folder} — the folder name; empty means Uncategorized.
  const moved = ok(await alice.from('notes').update({ folder: 'Work' }).eq('id', note.id).select().single());
  assert.equal(moved.folder, 'Work');
  const inFolder = ok(await alice.from('notes').select('id, title, folder').eq('folder', 'Work').eq('is_deleted', false));
  assert.deepEqual(inFolder.map((n) => n.id), [note.id]);
  assert.equal(ok(await alice.from('notes').update({ folder: '' }).eq('id', note.id).select().single()).folder, null);

  const bad = await alice.from('notes').update({ folder: 'Nowhere' }).eq('id', note.id);
  assert.equal(bad.error.message, 'Folder not found');
  assert.equal((await alice.from('note_folders').insert({ name: '   ', color: 'indigo' })).error.message, 'Folder name is required');

  ok(await alice.from('note_folders').update({ name: 'Work 2', color: 'teal' }).eq('id', folder.id));
  ok(await alice.from('notes').update({ folder: 'Work 2', title: 'Meeting notes v2' }).eq('id', note.id));

  // Bob sees and changes nothing of Alice's.
  assert.deepEqual(ok(await bob.from('notes').select('id').eq('id', note.id)), []);
  assert.deepEqual(ok(await bob.from('note_folders').select('id').eq('id', folder.id)), []);
  assert.deepEqual(ok(await bob.from('notes').update({ title: 'hacked' }).eq('id', note.id).select()), []);
  assert.notEqual((await bob.from('notes').insert({ title: 'as alice', content: '', user_id: aliceId })).error, null);

  // Soft delete: the row stays, reads filter it out.
  ok(await alice.from('notes').update({ is_deleted: true }).eq('id', note.id));
  ok(await alice.from('note_folders').update({ is_deleted: true }).eq('id', folder.id));
  assert.deepEqual(ok(await alice.from('notes').select('id').eq('id', note.id).eq('is_deleted', false)), []);
  assert.equal(ok(await alice.from('notes').select('is_deleted').eq('id', note.id).single()).is_deleted, true);
  // DELETE is not the way to remove a note.
  assert.notEqual((await alice.from('notes').delete().eq('id', note.id)).error, null);
});

test('journal: journals, entries by month with mood, images, statistics; isolation', async () => {
  const journal = ok(await alice.from('journal_folders').insert({ name: 'Daily', color: JSON.stringify({ icon: 'book', color: 'bg-blue-500' }) }).select().single());
  assert.equal((await alice.from('journal_folders').insert({ name: '  ', color: '{}' })).error.message, 'Journal name is required');

  const entry = ok(await alice.from('journal_entries')
    .insert({ title: 'Good day', content: 'one two three four', user_id: aliceId, date: today, folder: journal.id, mood: 4 })
    .select().single());
  assert.equal(entry.mood, 4);
  assert.equal(entry.date, today);
  ok(await alice.from('journal_entries').insert({ title: 'No mood', content: 'five six', user_id: aliceId, date: today }));

  const monthStart = `${today.slice(0, 7)}-01`;
  const month = ok(await alice.from('journal_entries').select('*').eq('user_id', aliceId).eq('is_deleted', false)
    .gte('date', monthStart).order('date', { ascending: false }));
  assert.equal(month.length, 2);

  const img = ok(await alice.from('journal_images')
    .insert({ journal_entry_id: entry.id, image_url: `https://example.test/${entry.id}/1.png`, image_order: 0 }).select().single());
  assert.equal(ok(await alice.from('journal_images').select('*').eq('journal_entry_id', entry.id)).length, 1);
  assert.deepEqual(ok(await bob.from('journal_images').select('*').eq('journal_entry_id', entry.id)), []);
  ok(await alice.from('journal_images').delete().eq('id', img.id));

  const stats = ok(await alice.rpc('get_journal_statistics', { p_user_id: aliceId, p_today: today }).single());
  assert.equal(stats.entries_this_month, 2);
  assert.equal(Number(stats.total_words), 6);
  assert.equal(Number(stats.average_mood), 4);
  assert.equal(stats.current_streak, 1);
  // Bob's statistics are his own (empty); he cannot read Alice's.
  const bobStats = ok(await bob.rpc('get_journal_statistics').single());
  assert.equal(bobStats.total_entries, 0);
  assert.equal((await bob.rpc('get_journal_statistics', { p_user_id: aliceId })).error.message, 'Not authorized');

  assert.deepEqual(ok(await bob.from('journal_entries').select('id').eq('id', entry.id)), []);
  ok(await alice.from('journal_entries').update({ mood: 5, title: 'Great day' }).eq('id', entry.id));
  ok(await alice.from('journal_entries').update({ is_deleted: true }).eq('id', entry.id));
  assert.equal(ok(await alice.rpc('get_journal_statistics', { p_today: today }).single()).entries_this_month, 1);
});

test('the creation rate limit and the Free caps reach supabase-js as error.message', async () => {
  const [carol, carolId] = await signedIn('dm2-carol');
  // 10 creations a minute (002 §5): the eleventh is refused.
  for (let i = 0; i < 10; i += 1) ok(await carol.from('notes').insert({ title: `n${i}`, content: '', user_id: carolId }));
  const eleventh = await carol.from('notes').insert({ title: 'one too many', content: '', user_id: carolId });
  assert.equal(eleventh.error.message, 'Rate limit exceeded: too many creations in the last minute. Please wait.');

  // Notes: 100 on Free. The service side is not rate-limited.
  const [dave, daveId] = await signedIn('dm2-dave');
  ok(await service.from('notes').insert(Array.from({ length: 100 }, (_, i) => ({ title: `bulk ${i}`, content: '', user_id: daveId }))));
  const over = await dave.from('notes').insert({ title: 'the 101st', content: '', user_id: daveId });
  assert.equal(over.error.message, 'Note limit reached for Free plan');
  assert.equal(over.error.code, 'P0001');

  // Journal: 30 entries a month on Free.
  ok(await service.from('journal_entries').insert(Array.from({ length: 30 }, (_, i) => ({ title: `e${i}`, content: '', user_id: daveId, date: today }))));
  const overJ = await dave.from('journal_entries').insert({ title: 'the 31st', content: '', user_id: daveId, date: today });
  assert.equal(overJ.error.message, 'Journal limit reached for Free plan this month');
});

// The team flow of 002 §7, shared by the tests below.
let team, task;

test('teams: create, invite, accept by token (read, insert member, set accepted_at), members, feed', async () => {
  team = ok(await alice.from('teams').insert({ name: 'Compat team', description: 'spec 002', owner_id: aliceId }).select().single());
  assert.equal(team.owner_id, aliceId);
  assert.equal(ok(await alice.from('teams').select('*').eq('owner_id', aliceId)).length, 1);

  // The creator is an active admin.
  const role = ok(await alice.from('team_members').select('role').eq('team_id', team.id).eq('user_id', aliceId).eq('status', 'active').single());
  assert.equal(role.role, 'admin');

  // Bob cannot see the team or join without an invitation.
  assert.deepEqual(ok(await bob.from('teams').select('id').eq('id', team.id)), []);
  const gatecrash = await bob.from('team_members').insert({ team_id: team.id, user_id: bobId, role: 'admin', status: 'active' });
  assert.equal(gatecrash.error.message, 'Invalid or expired invitation');

  const inv = ok(await alice.from('team_invitations').insert({ team_id: team.id, email: bobEmail, role: 'member', invited_by: aliceId }).select().single());
  assert.match(inv.token, /^[0-9a-f]{64}$/);

  // Bob hears of it as a notification carrying the token.
  const notes = ok(await bob.from('notifications').select('*').eq('to_user_id', bobId).order('created_at', { ascending: false }).limit(50));
  const invite = notes.find((n) => n.metadata?.token === inv.token);
  assert.ok(invite, `no invitation notification: ${JSON.stringify(notes)}`);
  assert.equal(invite.metadata.actionUrl, `/teams/join/${inv.token}`);

  const found = ok(await bob.from('team_invitations').select('*').eq('token', invite.metadata.token)
    .is('accepted_at', null).gt('expires_at', new Date().toISOString()).single());
  const member = ok(await bob.from('team_members')
    .insert({ team_id: found.team_id, user_id: bobId, role: found.role, status: 'active', invited_by: found.invited_by }).select().single());
  assert.equal(member.role, 'member');
  ok(await bob.from('team_invitations').update({ accepted_at: new Date().toISOString() }).eq('id', found.id));

  // Once accepted the token is spent.
  const again = ok(await bob.from('team_invitations').select('*').eq('token', inv.token).is('accepted_at', null));
  assert.deepEqual(again, []);

  const members = ok(await bob.from('team_members').select('*').eq('team_id', team.id).eq('status', 'active'));
  assert.deepEqual(members.map((m) => m.user_id).sort(), [aliceId, bobId].sort());
  assert.equal(members.find((m) => m.user_id === bobId).email, bobEmail);

  // A member cannot promote themselves; only the owner changes roles.
  assert.equal((await bob.from('team_members').update({ role: 'admin' }).eq('id', member.id)).error.message, 'You cannot change your own role');
  assert.equal(ok(await alice.from('team_members').select('role').eq('id', member.id).single()).role, 'member');

  ok(await bob.from('team_activity_log').insert({ team_id: team.id, user_id: bobId, action: 'joined', entity_type: 'team', entity_id: team.id, metadata: {} }));
  const feed = ok(await alice.from('team_activity_log').select('*').eq('team_id', team.id).order('created_at', { ascending: false }).limit(50));
  assert.ok(feed.some((f) => f.action === 'joined' && f.user_id === bobId));

  // Only the owner deletes the team.
  assert.deepEqual(ok(await bob.from('teams').delete().eq('id', team.id).eq('owner_id', bobId).select()), []);
  assert.equal(ok(await bob.from('teams').select('id').eq('id', team.id)).length, 1);
});

test('teams: an invitee whose client marks the invitation accepted before joining still joins', async () => {
  const [carol, carolId, carolEmail] = await signedIn('dm2-carol');
  const own = ok(await alice.from('teams').insert({ name: 'Mark first', owner_id: aliceId }).select().single());
  const inv = ok(await alice.from('team_invitations').insert({ team_id: own.id, email: carolEmail, role: 'admin' }).select().single());

  const found = ok(await carol.from('team_invitations').select('*').eq('token', inv.token).is('accepted_at', null).single());
  ok(await carol.from('team_invitations').update({ accepted_at: new Date().toISOString() }).eq('id', found.id));
  const member = ok(await carol.from('team_members')
    .insert({ team_id: found.team_id, user_id: carolId, role: 'member', status: 'active' }).select().single());
  assert.equal(member.role, 'admin', 'the invitation decides the role');
  assert.equal(member.status, 'active');

  // Used once: a second member row with it is refused.
  ok(await carol.from('team_members').update({ status: 'inactive' }).eq('id', member.id));
  const again = await carol.from('team_members').insert({ team_id: own.id, user_id: carolId });
  assert.equal(again.error.message, 'Invalid or expired invitation');
});

test('task assignment and comments with mentions notify the mentioned member only', async () => {
  assert.ok(team, 'needs the team test');
  task = ok(await alice.from('tasks').insert({ title: 'Write the report' }).select().single());
  ok(await alice.from('tasks').update({ team_id: team.id }).eq('id', task.id));

  ok(await alice.from('task_assignments').insert({ task_id: task.id, assigned_to: bobId, assigned_by: aliceId, team_id: team.id }));
  ok(await alice.from('tasks').update({ assigned_to: bobId, team_id: team.id }).eq('id', task.id));

  const [eve, eveId] = await signedIn('dm2-eve');
  const content = `Please review @[Bob](${bobId}) and @[Eve](${eveId})`;
  const comment = ok(await alice.from('task_comments')
    .insert({ task_id: task.id, user_id: aliceId, content, mentions: [bobId], team_id: team.id }).select().single());
  assert.equal(comment.created_at, comment.updated_at);

  const thread = ok(await bob.from('task_comments').select('*').eq('task_id', task.id).eq('is_marked_deleted', false)
    .order('created_at', { ascending: true }));
  assert.deepEqual(thread.map((c) => c.id), [comment.id]);
  const { count } = await bob.from('task_comments').select('*', { count: 'exact', head: true }).eq('task_id', task.id).eq('is_deleted', false);
  assert.equal(count, 1);
  assert.deepEqual(ok(await eve.from('task_comments').select('id').eq('task_id', task.id)), []);

  const bobs = ok(await bob.from('notifications').select('*').eq('to_user_id', bobId).order('created_at', { ascending: false }).limit(50));
  assert.ok(bobs.some((n) => n.type === 'task_assigned' && n.entity_id === task.id), JSON.stringify(bobs));
  const mention = bobs.find((n) => n.type === 'comment');
  assert.ok(mention, JSON.stringify(bobs));
  assert.equal(mention.from_user_id, aliceId);
  // Eve cannot see the task: no notification for her.
  assert.deepEqual(ok(await eve.from('notifications').select('id').eq('to_user_id', eveId)), []);

  assert.equal((await alice.from('task_comments').insert({ task_id: task.id, user_id: aliceId, content: '   ' })).error.message,
    'Comment cannot be empty');
  const edited = ok(await alice.from('task_comments').update({ content: 'Edited', updated_at: new Date().toISOString() }).eq('id', comment.id).select().single());
  assert.notEqual(edited.updated_at, edited.created_at);
  assert.equal((await bob.from('task_comments').update({ content: 'not mine' }).eq('id', comment.id)).error.message, 'Only the author can edit a comment');
  ok(await alice.from('task_comments').update({ is_marked_deleted: true, updated_at: new Date().toISOString() }).eq('id', comment.id));
  assert.deepEqual(ok(await bob.from('task_comments').select('id').eq('task_id', task.id).eq('is_marked_deleted', false)), []);
});

test('notifications: read newest first, mark one and all read, delete; the sender cannot read back', async () => {
  const sent = await alice.from('notifications').insert({
    type: 'comment', title: 'Ping', message: 'hello', to_user_id: bobId, is_read: false,
    metadata: { actionUrl: '/app/tasks' }, from_user_id: aliceId, entity_id: task?.id ?? null, entity_type: 'task',
  });
  assert.equal(sent.error, null);
  assert.deepEqual(ok(await alice.from('notifications').select('id').eq('to_user_id', bobId)), []);

  const list = ok(await bob.from('notifications').select('*').eq('to_user_id', bobId).order('created_at', { ascending: false }).limit(50));
  assert.ok(list.length >= 2);
  const first = list[0];
  const now = new Date().toISOString();
  const read = ok(await bob.from('notifications').update({ is_read: true, read_at: now, updated_at: now }).eq('id', first.id).select().single());
  assert.equal(read.is_read, true);
  assert.ok(read.read_at);
  ok(await bob.from('notifications').update({ is_read: true, read_at: now, updated_at: now }).eq('to_user_id', bobId).eq('is_read', false));
  assert.deepEqual(ok(await bob.from('notifications').select('id').eq('to_user_id', bobId).eq('is_read', false)), []);
  // Alice cannot mark or delete Bob's.
  assert.deepEqual(ok(await alice.from('notifications').delete().eq('id', first.id).select()), []);
  ok(await bob.from('notifications').delete().eq('id', first.id));
  assert.deepEqual(ok(await bob.from('notifications').select('id').eq('id', first.id)), []);
});

test('realtime: a user hears inserts of their own notifications only', async () => {
  const got = [];
  const channel = bob.channel(`notifications-${bobId}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notifications', filter: `to_user_id=eq.${bobId}` }, (p) => got.push(p));
  await new Promise((res, rej) => channel.subscribe((status, err) => {
    if (status === 'SUBSCRIBED') res();
    if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') rej(err ?? new Error(status));
  }));
  ok(await alice.from('notifications').insert({ type: 'system', title: 'For Alice herself', to_user_id: aliceId, from_user_id: aliceId }));
  ok(await alice.from('notifications').insert({ type: 'comment', title: 'Live', message: 'over realtime', to_user_id: bobId, from_user_id: aliceId }));
  const deadline = Date.now() + 10_000;
  while (got.length === 0 && Date.now() < deadline) await sleep(100);
  await sleep(300);
  assert.equal(got.length, 1, JSON.stringify(got));
  assert.equal(got[0].new.title, 'Live');
  await bob.removeChannel(channel);
});

test('task_attachments: insert metadata, list, soft-delete with change_id; the file rules and caps as error.message', async () => {
  assert.ok(task, 'needs the assignment test');
  const row = ok(await alice.from('task_attachments').insert({
    task_id: task.id, user_id: aliceId, filename: 'report.pdf', file_size: 1234, mime_type: 'application/pdf',
    remote_path: `https://example.test/storage/v1/object/public/task-attachments/${aliceId}/${task.id}/abc.pdf`,
    local_path: `${aliceId}/${task.id}/abc.pdf`, is_uploaded: true, uploaded_at: new Date().toISOString(),
  }).select().single());
  assert.ok(Number(row.change_id) > 0);

  const mine = ok(await alice.from('task_attachments').select('*').eq('task_id', task.id).eq('user_id', aliceId)
    .eq('is_marked_deleted', false).order('created_at', { ascending: false }));
  assert.deepEqual(mine.map((a) => a.id), [row.id]);
  const [stranger] = await signedIn('dm2-stranger');
  assert.deepEqual(ok(await stranger.from('task_attachments').select('id').eq('task_id', task.id)), []);

  const tooBig = await alice.from('task_attachments').insert({ task_id: task.id, user_id: aliceId, filename: 'big.zip', file_size: 11 * 1024 * 1024, mime_type: 'application/zip' });
  assert.equal(tooBig.error.message, 'File "big.zip" exceeds maximum size of 10MB');
  const exe = await alice.from('task_attachments').insert({ task_id: task.id, user_id: aliceId, filename: 'setup.exe', file_size: 10, mime_type: 'application/pdf' });
  assert.equal(exe.error.message, 'File type "exe" is not allowed for security reasons');
  const mime = await alice.from('task_attachments').insert({ task_id: task.id, user_id: aliceId, filename: 'a.bin', file_size: 10, mime_type: 'application/x-foo' });
  assert.equal(mime.error.message, 'File type "application/x-foo" is not supported');
  // Free: one attachment a day.
  const second = await alice.from('task_attachments').insert({ task_id: task.id, user_id: aliceId, filename: 'b.pdf', file_size: 10, mime_type: 'application/pdf' });
  assert.equal(second.error.message, 'Attachment limit reached for Free plan today');

  const del = ok(await alice.from('task_attachments').update({ is_marked_deleted: true, change_id: Date.now() }).eq('id', row.id).select().single());
  assert.equal(del.is_marked_deleted, true);
  assert.ok(Number(del.change_id) >= Number(row.change_id));
});

test('linked content: create links by RPC, task_attachments_v, unlink; search_user_content and recent content', async () => {
  assert.ok(task, 'needs the assignment test');
  const note = ok(await alice.from('notes').insert({ title: 'Quarterly zebra plan', content: 'The zebra budget', user_id: aliceId }).select().single());
  const entry = ok(await alice.from('journal_entries').insert({ title: 'Zebra thoughts', content: 'zebra crossing', user_id: aliceId, date: today }).select().single());

  const nl = ok(await alice.rpc('create_task_note_link', { p_task_id: task.id, p_note_id: note.id }));
  assert.equal(nl.note_id, note.id);
  const jl = ok(await alice.rpc('create_task_journal_link', { p_task_id: task.id, p_journal_id: entry.id }));
  assert.equal(jl.journal_id, entry.id);

  const linked = ok(await alice.from('task_attachments_v').select('*').eq('task_id', task.id).order('linked_at', { ascending: false }));
  assert.deepEqual(linked.map((l) => l.content_type).sort(), ['journal', 'note']);
  const n = linked.find((l) => l.content_type === 'note');
  assert.equal(n.content_id, note.id);
  assert.equal(n.title, 'Quarterly zebra plan');
  assert.equal(n.author_id, aliceId);
  assert.equal(n.linked_by, aliceId);
  // Bob reaches the team task, so he sees what is linked to it; a stranger does not.
  assert.equal(ok(await bob.from('task_attachments_v').select('*').eq('task_id', task.id)).length, 2);
  const [stranger] = await signedIn('dm2-stranger2');
  assert.deepEqual(ok(await stranger.from('task_attachments_v').select('*').eq('task_id', task.id)), []);
  assert.equal((await stranger.rpc('create_task_note_link', { p_task_id: task.id, p_note_id: note.id })).error.message, 'Task not found');
  assert.equal((await bob.rpc('create_task_note_link', { p_task_id: task.id, p_note_id: note.id })).error.message, 'Note not found');

  const found = ok(await alice.rpc('search_user_content', { p_search_term: 'zebra', p_content_type: 'all', p_limit: 20 }));
  assert.deepEqual(found.map((r) => r.id).sort(), [note.id, entry.id].sort());
  const notesOnly = ok(await alice.rpc('search_user_content', { p_search_term: 'zebra', p_content_type: 'note', p_limit: 20 }));
  assert.deepEqual(notesOnly.map((r) => r.content_type), ['note']);
  assert.deepEqual(ok(await bob.rpc('search_user_content', { p_search_term: 'zebra', p_content_type: 'all', p_limit: 20 })), []);

  const recent = ok(await alice.rpc('get_recent_content', { p_limit: 20 }));
  assert.ok(recent.some((r) => r.id === note.id && r.content_type === 'note'));
  assert.ok(recent.some((r) => r.id === entry.id && r.content_type === 'journal'));
  assert.ok(recent.length <= 20);
  // The app's own recent read: half of 20 from each table.
  const rn = ok(await alice.from('notes').select('id, title, content, updated_at').eq('user_id', aliceId).eq('is_deleted', false)
    .order('updated_at', { ascending: false }).limit(10));
  assert.ok(rn.some((r) => r.id === note.id));

  ok(await alice.from('task_note_links').delete().eq('task_id', task.id).eq('note_id', note.id));
  ok(await alice.from('task_journal_links').delete().eq('task_id', task.id).eq('journal_id', entry.id));
  assert.deepEqual(ok(await alice.from('task_attachments_v').select('*').eq('task_id', task.id)), []);
});

test('activity log: get_activity_logs with the spec parameter names; task reads and client inserts', async () => {
  const own = ok(await alice.from('tasks').insert({ title: 'Logged task', priority: 1 }).select().single());
  ok(await alice.from('tasks').update({ priority: 3 }).eq('id', own.id));
  ok(await alice.from('activity_logs').insert({
    user_id: aliceId, task_id: own.id, project_id: null, activity_type: 'task_updated',
    activity_description: 'Updated the task', entity_name: own.title, metadata: { via: 'compat' }, created_at: new Date().toISOString(),
  }));

  const page = ok(await alice.rpc('get_activity_logs', { p_user_id: aliceId, p_project_id: null, p_activity_types: null, p_limit: 50, p_offset: 0 }));
  assert.ok(page.length >= 2);
  for (const k of ['actor_name', 'actor_avatar_url', 'project_name', 'member_avatars', 'total_count']) assert.ok(k in page[0], k);
  assert.equal(Number(page[0].total_count) >= page.length, true);
  const types = page.filter((r) => r.task_id === own.id).map((r) => r.activity_type);
  assert.ok(types.includes('task_created') && types.includes('priority_changed'), JSON.stringify(types));

  const only = ok(await alice.rpc('get_activity_logs', { p_user_id: aliceId, p_project_id: null, p_activity_types: ['task_created'], p_limit: 50, p_offset: 0 }));
  assert.ok(only.every((r) => r.activity_type === 'task_created'));

  const rows = ok(await alice.from('activity_logs').select('*').eq('user_id', aliceId).eq('task_id', own.id).eq('is_deleted', false)
    .order('created_at', { ascending: false }));
  assert.ok(rows.length >= 2);

  // Bob reads neither Alice's feed nor her rows.
  assert.equal((await bob.rpc('get_activity_logs', { p_user_id: aliceId, p_project_id: null, p_activity_types: null, p_limit: 50, p_offset: 0 })).error.message,
    'Not authorized');
  assert.deepEqual(ok(await bob.from('activity_logs').select('id').eq('task_id', own.id)), []);

  // A project's log and its avatars (project_members, limit 5).
  const project = ok(await alice.from('projects').insert({ name: 'Logged project' }).select().single());
  ok(await alice.from('tasks').insert({ title: 'In project', project_id: project.id }));
  const plog = ok(await alice.rpc('get_activity_logs', { p_user_id: aliceId, p_project_id: project.id, p_activity_types: null, p_limit: 50, p_offset: 0 }));
  assert.ok(plog.length >= 1);
  assert.equal(plog[0].project_name, 'Logged project');
  assert.equal((await bob.rpc('get_activity_logs', { p_user_id: bobId, p_project_id: project.id, p_activity_types: null, p_limit: 50, p_offset: 0 })).error.message,
    'You do not have access to this project');
  const avatars = ok(await alice.from('project_members').select('user_id').eq('project_id', project.id).limit(5));
  assert.ok(avatars.length >= 1);
});

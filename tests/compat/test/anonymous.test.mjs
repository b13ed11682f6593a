// Anonymous sign-in with the real client (run.mjs turns it on): the token
// says is_anonymous, getClaims reads it locally, the guest's rows are its
// own under RLS, and confirming an e-mail makes the same user permanent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { client, uniqueEmail } from '../lib.mjs';

function newestCode(address) {
  const out = execFileSync(process.env.DAYBASE_BIN, ['sql', '-c',
    `select body from auth.outbox where to_address = '${address}' order by id desc limit 1`],
  { env: process.env, encoding: 'utf8' });
  const code = /\b(\d{6})\b/.exec(out)?.[1];
  assert.ok(code, `a code in ${out}`);
  return code;
}

test('signInAnonymously, then keep the account by confirming an e-mail', async () => {
  const guest = client();
  const { data, error } = await guest.auth.signInAnonymously({ options: { data: { platform: 'web' } } });
  assert.equal(error, null);
  assert.equal(data.user.is_anonymous, true);
  const claims = await guest.auth.getClaims();
  assert.equal(claims.error, null);
  assert.equal(claims.data.claims.is_anonymous, true);
  assert.equal(claims.data.claims.amr[0].method, 'anonymous');

  // A guest is an authenticated user: its rows are its own.
  const task = await guest.from('tasks').insert({ title: 'guest task' }).select('id, user_id').single();
  assert.equal(task.error, null);
  assert.equal(task.data.user_id, data.user.id);
  const stranger = client();
  await stranger.auth.signInAnonymously();
  assert.deepEqual((await stranger.from('tasks').select('id').eq('id', task.data.id)).data, []);

  // No password before an address; both at once are accepted.
  const early = await guest.auth.updateUser({ password: 'correct horse battery' });
  assert.equal(early.error?.status, 422);
  const email = uniqueEmail('guest');
  const upd = await guest.auth.updateUser({ email, password: 'correct horse battery' });
  assert.equal(upd.error, null);
  assert.equal(upd.data.user.new_email, email);
  const verified = await guest.auth.verifyOtp({ email, token: newestCode(email), type: 'email_change' });
  assert.equal(verified.error, null);
  assert.equal(verified.data.user.id, data.user.id);
  assert.equal(verified.data.user.is_anonymous, false);
  assert.equal((await guest.auth.getClaims()).data.claims.is_anonymous, false);

  const again = await client().auth.signInWithPassword({ email, password: 'correct horse battery' });
  assert.equal(again.error, null);
  assert.equal(again.data.user.id, data.user.id);
  assert.equal(again.data.user.is_anonymous, false);
});

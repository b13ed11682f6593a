// /auth/v1 as supabase-js 2.119 meets it: sign-up, password sign-in,
// refresh, getUser, updateUser, sign-out scopes, password recovery through
// the dev outbox, OAuth against a fake provider, the admin API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { url, anonKey, client, serviceClient, uniqueEmail } from '../lib.mjs';

const password = 'correct horse battery';

// A client with PKCE and in-memory storage, so signInWithOAuth keeps its
// code verifier.
function pkceClient() {
  return client(anonKey, {
    auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

// events records onAuthStateChange.
function events(sb) {
  const seen = [];
  sb.auth.onAuthStateChange((event) => seen.push(event));
  return seen;
}

// newestMail reads the dev outbox with `daybase sql` (run.mjs exports the
// binary and the data dir).
function newestMail(address) {
  const out = execFileSync(process.env.DAYBASE_BIN, ['sql', '-c',
    `select body from auth.outbox where to_address = '${address}' order by id desc limit 1`],
  { env: process.env, encoding: 'utf8' });
  return out;
}

async function signedUp() {
  const sb = client();
  const email = uniqueEmail('auth');
  const { data, error } = await sb.auth.signUp({ email, password, options: { data: { full_name: 'Ada Lovelace' } } });
  assert.equal(error, null);
  return { sb, email, session: data.session, user: data.user };
}

test('signUp returns a session and fires SIGNED_IN', async () => {
  const sb = client();
  const seen = events(sb);
  const email = uniqueEmail('signup');
  const { data, error } = await sb.auth.signUp({
    email, password,
    options: { data: { device_id: 'd1', platform: 'web', signup_source: 'compat' }, emailRedirectTo: `${url}/app`, captchaToken: 'ignored' },
  });
  assert.equal(error, null);
  assert.equal(data.user.email, email);
  assert.equal(data.user.user_metadata.signup_source, 'compat');
  assert.equal(data.session.token_type, 'bearer');
  assert.equal(data.session.expires_in, 3600);
  assert.ok(data.session.refresh_token);
  assert.deepEqual(data.user.app_metadata, { provider: 'email', providers: ['email'] });
  assert.equal(data.user.identities.length, 1);
  assert.ok(seen.includes('SIGNED_IN'), `events ${seen}`);

  const again = await client().auth.signUp({ email, password });
  assert.equal(again.error.code, 'user_already_exists');
  assert.equal(again.error.status, 422);
});

test('weak passwords come back as AuthWeakPasswordError', async () => {
  const { error } = await client().auth.signUp({ email: uniqueEmail('weak'), password: '123' });
  assert.equal(error.name, 'AuthWeakPasswordError');
  assert.equal(error.code, 'weak_password');
  assert.deepEqual(error.reasons, ['length']);
});

test('signInWithPassword: right and wrong password', async () => {
  const { email } = await signedUp();
  const sb = client();
  const { data, error } = await sb.auth.signInWithPassword({ email, password, options: { captchaToken: 'ignored' } });
  assert.equal(error, null);
  assert.equal(data.user.email, email);
  const claims = JSON.parse(Buffer.from(data.session.access_token.split('.')[1], 'base64url'));
  assert.equal(claims.role, 'authenticated');
  assert.equal(claims.aal, 'aal1');
  assert.equal(claims.amr[0].method, 'password');
  assert.equal(claims.session_id.length, 36);

  const wrong = await client().auth.signInWithPassword({ email, password: 'not it at all' });
  assert.equal(wrong.error.code, 'invalid_credentials');
  assert.equal(wrong.error.status, 400);
  assert.equal(wrong.error.message, 'Invalid login credentials');
  const nobody = await client().auth.signInWithPassword({ email: uniqueEmail('nobody'), password });
  assert.equal(nobody.error.message, wrong.error.message);
});

test('refreshSession rotates the refresh token and fires TOKEN_REFRESHED', async () => {
  const { sb, session } = await signedUp();
  const seen = events(sb);
  const { data, error } = await sb.auth.refreshSession();
  assert.equal(error, null);
  assert.notEqual(data.session.refresh_token, session.refresh_token);
  assert.ok(seen.includes('TOKEN_REFRESHED'), `events ${seen}`);

  // The old token, parent of the active one, still answers (lost response).
  const again = await client().auth.refreshSession({ refresh_token: session.refresh_token });
  assert.equal(again.error, null);
  assert.equal(again.data.session.refresh_token, data.session.refresh_token);

  const bogus = await client().auth.refreshSession({ refresh_token: 'not-a-token' });
  assert.equal(bogus.error.code, 'refresh_token_not_found');
});

test('getUser with the session, and with the anon key', async () => {
  const { sb, email } = await signedUp();
  const { data, error } = await sb.auth.getUser();
  assert.equal(error, null);
  assert.equal(data.user.email, email);
  assert.equal(data.user.user_metadata.full_name, 'Ada Lovelace');

  const anon = await client().auth.getUser(anonKey);
  assert.equal(anon.error.status, 403);
  assert.equal(anon.error.code, 'bad_jwt');
});

test('updateUser changes metadata and password and fires USER_UPDATED', async () => {
  const { sb, email } = await signedUp();
  const seen = events(sb);
  const { data, error } = await sb.auth.updateUser({ data: { full_name: 'Grace Hopper' } });
  assert.equal(error, null);
  assert.equal(data.user.user_metadata.full_name, 'Grace Hopper');
  assert.ok(seen.includes('USER_UPDATED'), `events ${seen}`);

  const same = await sb.auth.updateUser({ password });
  assert.equal(same.error.code, 'same_password');
  const changed = await sb.auth.updateUser({ password: 'a brand new one' });
  assert.equal(changed.error, null);
  const signIn = await client().auth.signInWithPassword({ email, password: 'a brand new one' });
  assert.equal(signIn.error, null);

  const newEmail = uniqueEmail('moved');
  const moved = await sb.auth.updateUser({ email: newEmail });
  assert.equal(moved.error, null);
  assert.equal(moved.data.user.new_email, newEmail);
  assert.equal(moved.data.user.email, email);
});

test('signOut scopes: local, others, global', async () => {
  const { email } = await signedUp();
  const a = client(); const b = client(); const c = client();
  for (const sb of [a, b, c]) assert.equal((await sb.auth.signInWithPassword({ email, password })).error, null);

  const seen = events(c);
  assert.equal((await c.auth.signOut({ scope: 'local' })).error, null);
  assert.ok(seen.includes('SIGNED_OUT'));
  assert.equal((await a.auth.getUser()).error, null, 'local sign-out ended another session');

  const { data: { session: bSession } } = await b.auth.getSession();
  assert.equal((await a.auth.signOut({ scope: 'others' })).error, null);
  assert.equal((await a.auth.getUser()).error, null, 'others ended the caller');
  const bUser = await client().auth.getUser(bSession.access_token);
  assert.equal(bUser.error.name, 'AuthSessionMissingError');

  const { data: { session: aSession } } = await a.auth.getSession();
  const d = client();
  assert.equal((await d.auth.signInWithPassword({ email, password })).error, null);
  assert.equal((await d.auth.signOut()).error, null); // global is the default
  const aUser = await client().auth.getUser(aSession.access_token);
  assert.equal(aUser.error.name, 'AuthSessionMissingError');
  const refresh = await client().auth.refreshSession({ refresh_token: aSession.refresh_token });
  assert.equal(refresh.error.code, 'refresh_token_not_found');
});

test('resetPasswordForEmail: link from the outbox, then a new password', async () => {
  const { email } = await signedUp();
  const sb = client();
  const { error } = await sb.auth.resetPasswordForEmail(email, { redirectTo: `${url}/app/reset`, captchaToken: 'ignored' });
  assert.equal(error, null);
  const mail = newestMail(email);
  const link = /(http:\/\/[^\s\\|]+\/auth\/v1\/verify\?[^\s\\|]+)/.exec(mail)?.[1];
  assert.ok(link, `no link in ${mail}`);

  const res = await fetch(link, { redirect: 'manual' });
  assert.equal(res.status, 303);
  const to = new URL(res.headers.get('location'));
  assert.equal(to.pathname, '/app/reset');
  const frag = new URLSearchParams(to.hash.slice(1));
  assert.equal(frag.get('type'), 'recovery');

  const seen = events(sb);
  const set = await sb.auth.setSession({ access_token: frag.get('access_token'), refresh_token: frag.get('refresh_token') });
  assert.equal(set.error, null);
  assert.ok(seen.includes('SIGNED_IN'));
  assert.equal((await sb.auth.updateUser({ password: 'recovered at last' })).error, null);
  assert.equal((await client().auth.signInWithPassword({ email, password: 'recovered at last' })).error, null);
});

test('recovery code from the mail: verifyOtp fires PASSWORD_RECOVERY', async () => {
  const { email } = await signedUp();
  assert.equal((await client().auth.resetPasswordForEmail(email)).error, null);
  const code = /code: (\d{6})/.exec(newestMail(email))?.[1];
  assert.ok(code);
  const sb = client();
  const seen = events(sb);
  const bad = await sb.auth.verifyOtp({ email, token: '000000', type: 'recovery' });
  assert.equal(bad.error.code, 'otp_expired');
  const { data, error } = await sb.auth.verifyOtp({ email, token: code, type: 'recovery' });
  assert.equal(error, null);
  assert.equal(data.user.email, email);
  assert.ok(seen.includes('PASSWORD_RECOVERY'), `events ${seen}`);
});

test('unknown addresses get the same answer from resetPasswordForEmail', async () => {
  const { error } = await client().auth.resetPasswordForEmail(uniqueEmail('ghost'));
  assert.equal(error, null);
});

test('signInWithOAuth (PKCE) through the fake provider fires SIGNED_IN', async () => {
  const sb = pkceClient();
  const seen = events(sb);
  const email = uniqueEmail('oauth');
  const { data, error } = await sb.auth.signInWithOAuth({
    provider: 'github',
    options: { redirectTo: `${url}/app`, skipBrowserRedirect: true, queryParams: { login_hint: email } },
  });
  assert.equal(error, null);
  assert.match(data.url, /code_challenge_method=s256/);

  // The browser's round trip: daybase → provider → daybase callback → app.
  let next = data.url;
  for (let hop = 0; hop < 3; hop++) {
    const res = await fetch(next, { redirect: 'manual' });
    assert.ok([302, 303].includes(res.status), `hop ${hop}: ${res.status} ${await res.text()}`);
    next = new URL(res.headers.get('location'), next).toString();
  }
  const back = new URL(next);
  assert.equal(back.pathname, '/app');
  const code = back.searchParams.get('code');
  assert.ok(code, `no code in ${next}`);

  const ex = await sb.auth.exchangeCodeForSession(code);
  assert.equal(ex.error, null);
  assert.equal(ex.data.user.email, email);
  assert.equal(ex.data.user.app_metadata.provider, 'github');
  assert.equal(ex.data.session.provider_token.length > 0, true);
  assert.ok(seen.includes('SIGNED_IN'), `events ${seen}`);

  // The same account again is the same user; an e-mail user with the same
  // verified address gets the identity linked.
  const linked = pkceClient();
  const u2 = await signedUpWith(uniqueEmail('link'));
  const r2 = await linked.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: `${url}/app`, skipBrowserRedirect: true, queryParams: { login_hint: u2 } } });
  let n2 = r2.data.url;
  for (let hop = 0; hop < 3; hop++) n2 = new URL((await fetch(n2, { redirect: 'manual' })).headers.get('location'), n2).toString();
  const ex2 = await linked.auth.exchangeCodeForSession(new URL(n2).searchParams.get('code'));
  assert.equal(ex2.error, null);
  assert.deepEqual(ex2.data.user.identities.map((i) => i.provider).sort(), ['email', 'google']);
});

async function signedUpWith(email) {
  const { error } = await client().auth.signUp({ email, password });
  assert.equal(error, null);
  return email;
}

test('an OAuth provider that is not configured is a clear error', async () => {
  const res = await fetch(`${url}/auth/v1/authorize?provider=gitlab`);
  assert.equal(res.status, 400);
  assert.equal((await res.json()).code, 'validation_failed');
});

test('admin API: create, list with pagination, generate link, delete', async () => {
  const admin = serviceClient().auth.admin;
  const email = uniqueEmail('admin');
  const created = await admin.createUser({ email, password, email_confirm: true, user_metadata: { full_name: 'Admin Made' } });
  assert.equal(created.error, null);
  assert.ok(created.data.user.email_confirmed_at);
  assert.equal((await client().auth.signInWithPassword({ email, password })).error, null);

  const page = await admin.listUsers({ page: 1, perPage: 1 });
  assert.equal(page.error, null);
  assert.equal(page.data.users.length, 1);
  assert.ok(page.data.total >= 2, `total ${page.data.total}`);
  assert.equal(page.data.nextPage, 2);

  const link = await admin.generateLink({ type: 'magiclink', email });
  assert.equal(link.error, null);
  assert.match(link.data.properties.action_link, /\/auth\/v1\/verify\?/);
  assert.equal(link.data.properties.verification_type, 'magiclink');
  const otp = await client().auth.verifyOtp({ token_hash: link.data.properties.hashed_token, type: 'magiclink' });
  assert.equal(otp.error, null);

  const del = await admin.deleteUser(created.data.user.id);
  assert.equal(del.error, null);
  assert.equal((await admin.getUserById(created.data.user.id)).error.status, 404);

  const notAdmin = await client().auth.admin.listUsers();
  assert.equal(notAdmin.error.status, 403);
});

test('settings, health and JWKS', async () => {
  const h = { apikey: anonKey };
  assert.equal((await fetch(`${url}/auth/v1/health`, { headers: h })).status, 200);
  const settings = await (await fetch(`${url}/auth/v1/settings`, { headers: h })).json();
  assert.equal(settings.external.email, true);
  assert.equal(settings.external.github, true);
  // A new data dir signs ES256: the JWKS publishes its public key only.
  const jwks = await (await fetch(`${url}/auth/v1/.well-known/jwks.json`, { headers: h })).json();
  assert.ok(jwks.keys.length >= 1);
  for (const k of jwks.keys) {
    assert.equal(k.use, 'sig');
    assert.deepEqual(k.key_ops, ['verify']);
    assert.equal(k.d, undefined);
  }
});

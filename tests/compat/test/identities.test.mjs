// Identity linking with the real client: linkIdentity (OAuth, PKCE) through
// the fake provider, getUserIdentities, unlinkIdentity and GoTrue's
// refusals; an anonymous user becomes permanent by linking an identity.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anonKey, client, uniqueEmail, url } from '../lib.mjs';

const password = 'correct horse battery';

function pkceClient() {
  return client(anonKey, { auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

// follow runs the browser's round trip from the provider's page (provider
// → daybase callback → app) and returns where it ended.
async function follow(start) {
  let next = new URL(start);
  for (let hop = 0; hop < 3 && next.pathname !== '/app'; hop++) {
    const res = await fetch(next, { redirect: 'manual' });
    assert.ok([302, 303].includes(res.status), `hop ${hop}: ${res.status} ${await res.text()}`);
    next = new URL(res.headers.get('location'), next);
  }
  return next;
}

async function link(sb, provider, account) {
  const { data, error } = await sb.auth.linkIdentity({
    provider, options: { redirectTo: `${url}/app`, skipBrowserRedirect: true, queryParams: { login_hint: account } },
  });
  assert.equal(error, null);
  // linkIdentity asks /user/identities/authorize with the session and gets
  // the provider's page to send the browser to.
  assert.match(data.url, /\/login\/oauth\/authorize|\/o\/oauth2|authorize/);
  return follow(data.url);
}

test('linkIdentity adds a GitHub identity; unlinkIdentity removes it', async () => {
  const sb = pkceClient();
  const email = uniqueEmail('link');
  const up = await sb.auth.signUp({ email, password });
  assert.equal(up.error, null);
  const userId = up.data.user.id;

  const github = uniqueEmail('gh');
  const back = await link(sb, 'github', github);
  assert.equal(back.pathname, '/app');
  const ex = await sb.auth.exchangeCodeForSession(back.searchParams.get('code'));
  assert.equal(ex.error, null);
  assert.equal(ex.data.user.id, userId, 'the same user, not a new one');
  assert.equal(ex.data.user.email, email, 'the address stays');

  const ids = await sb.auth.getUserIdentities();
  assert.equal(ids.error, null);
  assert.deepEqual(ids.data.identities.map((i) => i.provider).sort(), ['email', 'github']);
  assert.deepEqual((await sb.auth.getUser()).data.user.app_metadata.providers, ['email', 'github']);

  // The same GitHub account again: already linked.
  const again = await link(sb, 'github', github);
  assert.equal(again.searchParams.get('error_code'), 'identity_already_exists', again.toString());

  // Another user cannot take it either.
  const other = pkceClient();
  await other.auth.signUp({ email: uniqueEmail('link-other'), password });
  const stolen = await link(other, 'github', github);
  assert.equal(stolen.searchParams.get('error_code'), 'identity_already_exists');
  assert.match(stolen.searchParams.get('error_description'), /another user/);

  const gh = ids.data.identities.find((i) => i.provider === 'github');
  const un = await sb.auth.unlinkIdentity(gh);
  assert.equal(un.error, null);
  const after = await sb.auth.getUserIdentities();
  assert.deepEqual(after.data.identities.map((i) => i.provider), ['email']);
  await sb.auth.refreshSession();
  assert.deepEqual((await sb.auth.getUser()).data.user.app_metadata.providers, ['email']);

  // The last identity stays.
  const last = await sb.auth.unlinkIdentity(after.data.identities[0]);
  assert.equal(last.error?.code, 'single_identity_not_deletable');
  assert.equal(last.error?.status, 422);

  // An unlinked account can be linked again, and signs in to this user.
  const relinked = await link(sb, 'github', github);
  assert.ok(relinked.searchParams.get('code'));
});

test('an anonymous user becomes permanent by linking an identity', async () => {
  const sb = pkceClient();
  const anon = await sb.auth.signInAnonymously();
  assert.equal(anon.error, null);
  const id = anon.data.user.id;
  const google = uniqueEmail('anon-google');
  const back = await link(sb, 'google', google);
  const ex = await sb.auth.exchangeCodeForSession(back.searchParams.get('code'));
  assert.equal(ex.error, null);
  assert.equal(ex.data.user.id, id);
  assert.equal(ex.data.user.is_anonymous, false);
  assert.equal(ex.data.user.email, google);
  const claims = (await sb.auth.getClaims()).data.claims;
  assert.equal(claims.is_anonymous, false);
});

test('linkIdentity needs a session', async () => {
  const res = await pkceClient().auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } });
  assert.ok(res.error);
  assert.equal(res.data.url, null);
});

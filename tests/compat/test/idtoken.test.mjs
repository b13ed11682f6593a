// Sign-in and identity linking by OpenID Connect ID token with the real
// client: signInWithIdToken and linkIdentity({ provider, token }) against
// the fake provider's issuers (run.mjs sets /oidc as daybase's Google
// issuer and /sso as a self-hosted "keycloak"), which sign real ES256
// tokens that daybase verifies against their published JWKS.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { client, uniqueEmail } from '../lib.mjs';

const issuerBase = process.env.DAYBASE_TEST_OAUTH_URL;
const password = 'correct horse battery';

async function idToken(issuer, claims) {
  const res = await fetch(`${issuerBase}/${issuer}/sign`, { method: 'POST', body: JSON.stringify(claims) });
  assert.equal(res.status, 200);
  return (await res.json()).id_token;
}

const sha256hex = (s) => createHash('sha256').update(s).digest('hex');

test('signInWithIdToken signs a Google user up, then in again, with a nonce', async () => {
  const sb = client();
  const email = uniqueEmail('idtoken');
  const sub = randomUUID();
  const nonce = randomUUID();
  const events = [];
  sb.auth.onAuthStateChange((event) => events.push(event));
  const token = await idToken('oidc', { sub, aud: 'compat-client', email, email_verified: true, name: 'Ada Token', nonce: sha256hex(nonce) });
  const { data, error } = await sb.auth.signInWithIdToken({ provider: 'google', token, nonce });
  assert.equal(error, null);
  assert.ok(data.session.access_token);
  assert.equal(data.user.email, email);
  assert.ok(data.user.email_confirmed_at, 'a verified address is confirmed');
  assert.equal(data.user.app_metadata.provider, 'google');
  assert.deepEqual(data.user.identities.map((i) => [i.provider, i.id]), [['google', sub]]);
  assert.ok(events.includes('SIGNED_IN'));
  const { data: got } = await sb.auth.getUser();
  assert.equal(got.user.id, data.user.id);

  // The app's iOS client id is an accepted audience too; same sub, same user.
  const again = await client().auth.signInWithIdToken({ provider: 'google', token: await idToken('oidc', { sub, aud: 'compat-ios-client', email }) });
  assert.equal(again.error, null);
  assert.equal(again.data.user.id, data.user.id);
});

// run.mjs's server is on loopback, where DAYBASE_AUTH_AUTOCONFIRM defaults
// on and confirms every address as GoTrue's autoconfirm does; the Go test
// TestIDTokenSignIn shows an unverified address unconfirmed without it.
test('signInWithIdToken with a self-hosted issuer keeps the provider\'s verdict on the address', async () => {
  const email = uniqueEmail('sso');
  const token = await idToken('sso', { sub: 'kc-1', aud: 'compat-sso-client', email, email_verified: false });
  const { data, error } = await client().auth.signInWithIdToken({ provider: 'keycloak', token });
  assert.equal(error, null);
  assert.equal(data.user.identities[0].provider, 'keycloak');
  assert.equal(data.user.identities[0].identity_data.email_verified, false);
  assert.equal(data.user.email, email);
});

test('signInWithIdToken refusals carry GoTrue\'s messages and codes', async () => {
  const sb = client();
  const base = { sub: randomUUID(), email: uniqueEmail('refused'), email_verified: true };
  const cases = [
    [{ provider: 'google', token: await idToken('oidc', { ...base, aud: 'someone-else' }) }, 400, 'Unacceptable audience in id_token: [someone-else]', undefined],
    [{ provider: 'google', token: await idToken('oidc', { ...base, aud: 'compat-client', nonce: sha256hex('a') }), nonce: 'b' }, 400, 'Nonces mismatch', undefined],
    [{ provider: 'google', token: await idToken('oidc', { ...base, aud: 'compat-client', nonce: sha256hex('a') }) }, 400, 'Passed nonce and nonce in id_token should either both exist or not.', undefined],
    [{ provider: 'google', token: await idToken('oidc', { ...base, aud: 'compat-client', exp: Math.floor(Date.now() / 1000) - 60 }) }, 400, 'Bad ID token', undefined],
    // A token of the self-hosted issuer presented as Google's.
    [{ provider: 'google', token: await idToken('sso', { ...base, aud: 'compat-client' }) }, 400, 'Bad ID token', undefined],
    [{ provider: 'apple', token: await idToken('oidc', { ...base, aud: 'compat-client' }) }, 400, 'Provider (issuer "https://appleid.apple.com") is not enabled', 'provider_disabled'],
  ];
  for (const [credentials, status, message, code] of cases) {
    const { data, error } = await sb.auth.signInWithIdToken(credentials);
    assert.equal(data.session, null);
    assert.equal(error?.status, status, message);
    assert.equal(error.message, message);
    assert.equal(error.code, code);
  }
  const { data } = await sb.auth.getSession();
  assert.equal(data.session, null);
});

test('a key rotation at the issuer: new tokens verify, the retired key\'s do not', async () => {
  const before = await idToken('oidc', { sub: randomUUID(), aud: 'compat-client', email: uniqueEmail('rot') });
  const r = await fetch(`${issuerBase}/oidc/rotate`, { method: 'POST' });
  assert.equal(r.status, 200);
  const after = await idToken('oidc', { sub: randomUUID(), aud: 'compat-client', email: uniqueEmail('rot') });
  const ok = await client().auth.signInWithIdToken({ provider: 'google', token: after });
  assert.equal(ok.error, null);
  const old = await client().auth.signInWithIdToken({ provider: 'google', token: before });
  assert.equal(old.error?.message, 'Bad ID token');
});

test('linkIdentity with an ID token adds the identity; one linked elsewhere is refused', async () => {
  const sb = client();
  const email = uniqueEmail('linker');
  assert.equal((await sb.auth.signUp({ email, password })).error, null);
  const events = [];
  sb.auth.onAuthStateChange((event) => events.push(event));
  const sub = randomUUID();
  const token = await idToken('oidc', { sub, aud: 'compat-client', email: uniqueEmail('gmail'), email_verified: true });
  const { data, error } = await sb.auth.linkIdentity({ provider: 'google', token });
  assert.equal(error, null);
  assert.equal(data.user.email, email);
  assert.deepEqual(data.user.identities.map((i) => i.provider).sort(), ['email', 'google']);
  assert.ok(events.includes('USER_UPDATED'));
  const { data: ids } = await sb.auth.getUserIdentities();
  assert.ok(ids.identities.some((i) => i.provider === 'google' && i.id === sub));

  const other = client();
  assert.equal((await other.auth.signUp({ email: uniqueEmail('other'), password })).error, null);
  const refused = await other.auth.linkIdentity({ provider: 'google', token: await idToken('oidc', { sub, aud: 'compat-client' }) });
  assert.equal(refused.error?.status, 422);
  assert.equal(refused.error.code, 'identity_already_exists');
  assert.equal(refused.error.message, 'Identity is already linked to another user');

  // Without a session there is nothing to link to.
  const none = await client().auth.linkIdentity({ provider: 'google', token });
  assert.ok(none.error);
  assert.equal(none.data.user, null);
});

test('an anonymous user becomes permanent by linking an ID token', async () => {
  const sb = client();
  const anon = await sb.auth.signInAnonymously();
  assert.equal(anon.error, null);
  const email = uniqueEmail('anon-idtoken');
  const token = await idToken('sso', { sub: randomUUID(), aud: 'compat-sso-client', email, email_verified: true });
  const { data, error } = await sb.auth.linkIdentity({ provider: 'keycloak', token });
  assert.equal(error, null);
  assert.equal(data.user.id, anon.data.user.id);
  assert.equal(data.user.is_anonymous, false);
  assert.equal(data.user.email, email);
  const claims = JSON.parse(Buffer.from(data.session.access_token.split('.')[1], 'base64url'));
  assert.equal(claims.is_anonymous, false);
});

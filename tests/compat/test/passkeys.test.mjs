// Passkeys with the real client: auth.passkey.* drives registration, the
// list, rename and delete, and the two-step sign-in, answered by a software
// authenticator (Node has no navigator.credentials, so the ceremony's middle
// step — the browser's — is ours; every request is auth-js's own).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client, uniqueEmail, url } from '../lib.mjs';
import { SoftAuthenticator } from '../softauthn.mjs';

const origin = new URL(url).origin;

async function signedInUser() {
  const c = client();
  const { data, error } = await c.auth.signUp({ email: uniqueEmail('passkey'), password: 'correct horse battery' });
  assert.equal(error, null);
  assert.ok(data.session, 'autoconfirm gives a session');
  return { c, user: data.user };
}

async function register(c, authenticator) {
  const opts = await c.auth.passkey.startRegistration();
  assert.equal(opts.error, null);
  assert.ok(opts.data.challenge_id);
  assert.ok(opts.data.expires_at > Date.now() / 1000);
  const credential = authenticator.create(opts.data.options);
  const verified = await c.auth.passkey.verifyRegistration({ challengeId: opts.data.challenge_id, credential });
  assert.equal(verified.error, null);
  return verified.data;
}

test('register a passkey, sign in with it, rename and delete it', async () => {
  const { c, user } = await signedInUser();
  const authenticator = new SoftAuthenticator(origin);
  const passkey = await register(c, authenticator);
  assert.ok(passkey.id);
  assert.ok(passkey.created_at);

  const listed = await c.auth.passkey.list();
  assert.equal(listed.error, null);
  assert.deepEqual(listed.data.map((p) => p.id), [passkey.id]);

  // Sign in from a fresh client: options, the authenticator, verify.
  const other = client();
  const opts = await other.auth.passkey.startAuthentication();
  assert.equal(opts.error, null);
  const assertion = authenticator.get(opts.data.options);
  const signedIn = await other.auth.passkey.verifyAuthentication({ challengeId: opts.data.challenge_id, credential: assertion });
  assert.equal(signedIn.error, null);
  assert.equal(signedIn.data.session.user.id, user.id);
  const { data: { session } } = await other.auth.getSession();
  assert.equal(session.user.id, user.id, 'the client keeps the session');
  const claims = (await other.auth.getClaims()).data.claims;
  assert.equal(claims.amr[0].method, 'passkey');
  assert.equal(claims.aal, 'aal1');

  // The same assertion again: the challenge was used.
  const replay = await client().auth.passkey.verifyAuthentication({ challengeId: opts.data.challenge_id, credential: assertion });
  assert.equal(replay.error?.code, 'webauthn_challenge_expired');

  const renamed = await other.auth.passkey.update({ passkeyId: passkey.id, friendlyName: 'Work laptop' });
  assert.equal(renamed.error, null);
  assert.equal(renamed.data.friendly_name, 'Work laptop');
  const after = await other.auth.passkey.list();
  assert.equal(after.data[0].friendly_name, 'Work laptop');
  assert.ok(after.data[0].last_used_at, 'last_used_at after sign-in');

  const deleted = await other.auth.passkey.delete({ passkeyId: passkey.id });
  assert.equal(deleted.error, null);
  assert.deepEqual((await other.auth.passkey.list()).data, []);

  // A deleted passkey signs no one in.
  const again = await client().auth.passkey.startAuthentication();
  const refused = await client().auth.passkey.verifyAuthentication({
    challengeId: again.data.challenge_id, credential: authenticator.get(again.data.options) });
  assert.equal(refused.error?.code, 'invalid_credentials');
});

test('an authenticator the server never saw is refused', async () => {
  const { c } = await signedInUser();
  await register(c, new SoftAuthenticator(origin));
  const stranger = new SoftAuthenticator(origin);
  stranger.create({ rp: { id: new URL(url).hostname }, user: { id: 'bm9ib2R5' }, challenge: 'eA' });
  const opts = await client().auth.passkey.startAuthentication();
  const res = await client().auth.passkey.verifyAuthentication({
    challengeId: opts.data.challenge_id, credential: stranger.get(opts.data.options) });
  assert.equal(res.error?.code, 'invalid_credentials');
  assert.equal(res.error?.status, 400);
});

test('registration needs a session', async () => {
  const res = await client().auth.passkey.startRegistration();
  assert.equal(res.error?.name, 'AuthSessionMissingError');
});

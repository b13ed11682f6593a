// An administrator's view of a user's passkeys and security keys with the
// real client: auth.admin.passkey.listPasskeys / deletePasskey and
// auth.admin.mfa.listFactors / deleteFactor for a WebAuthn factor — account
// recovery when the device that held the key is gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client, serviceClient, uniqueEmail, url } from '../lib.mjs';
import { SoftAuthenticator } from '../softauthn.mjs';

const origin = new URL(url).origin;
const b64url = (buf) => Buffer.from(buf).toString('base64url');

async function signedInUser() {
  const c = client();
  const { data, error } = await c.auth.signUp({ email: uniqueEmail('adminpk'), password: 'correct horse battery' });
  assert.equal(error, null);
  return { c, user: data.user };
}

async function registerPasskey(c, authenticator) {
  const opts = await c.auth.passkey.startRegistration();
  assert.equal(opts.error, null);
  const verified = await c.auth.passkey.verifyRegistration({
    challengeId: opts.data.challenge_id, credential: authenticator.create(opts.data.options) });
  assert.equal(verified.error, null);
  return verified.data;
}

test('an admin lists and deletes a user\'s passkeys', async () => {
  const { c, user } = await signedInUser();
  const authenticator = new SoftAuthenticator(origin);
  const first = await registerPasskey(c, authenticator);
  const second = await registerPasskey(c, authenticator);
  await c.auth.passkey.update({ passkeyId: second.id, friendlyName: 'Old phone' });
  const admin = serviceClient().auth.admin;

  const listed = await admin.passkey.listPasskeys({ userId: user.id });
  assert.equal(listed.error, null);
  assert.deepEqual(listed.data.map((p) => [p.id, p.friendly_name]), [[first.id, first.friendly_name], [second.id, 'Old phone']]);
  assert.ok(listed.data.every((p) => p.created_at && !('credential' in p)), 'no key material in the list');

  const deleted = await admin.passkey.deletePasskey({ userId: user.id, passkeyId: second.id });
  assert.deepEqual(deleted, { data: null, error: null });
  assert.deepEqual((await c.auth.passkey.list()).data.map((p) => p.id), [first.id], 'the user sees it gone');

  const again = await admin.passkey.deletePasskey({ userId: user.id, passkeyId: second.id });
  assert.equal(again.error?.status, 404);
  const unknownUser = await admin.passkey.listPasskeys({ userId: crypto.randomUUID() });
  assert.equal(unknownUser.error?.code, 'user_not_found');

  // A user's own key is not an admin key.
  const asUser = await client(undefined, { global: { headers: { Authorization: `Bearer ${(await c.auth.getSession()).data.session.access_token}` } } })
    .auth.admin.passkey.listPasskeys({ userId: user.id });
  assert.equal(asUser.error?.code, 'not_admin');
});

test('an admin lists and removes a user\'s security key factor', async () => {
  const { c, user } = await signedInUser();
  const key = new SoftAuthenticator(origin);
  const enrolled = await c.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'YubiKey 5C' });
  assert.equal(enrolled.error, null);
  const ch = await c.auth.mfa.challenge({ factorId: enrolled.data.id });
  const pk = ch.data.webauthn.credential_options.publicKey;
  const created = key.create({ ...pk, challenge: b64url(pk.challenge), user: { ...pk.user, id: b64url(pk.user.id) } });
  const verified = await c.auth.mfa.verify({ factorId: enrolled.data.id, challengeId: ch.data.id,
    webauthn: { type: 'create', credential_response: { toJSON: () => created } } });
  assert.equal(verified.error, null);
  const admin = serviceClient().auth.admin;

  const factors = await admin.mfa.listFactors({ userId: user.id });
  assert.equal(factors.error, null);
  assert.deepEqual(factors.data.factors.map((f) => [f.id, f.factor_type, f.status, f.friendly_name]),
    [[enrolled.data.id, 'webauthn', 'verified', 'YubiKey 5C']]);

  const removed = await admin.mfa.deleteFactor({ userId: user.id, id: enrolled.data.id });
  assert.equal(removed.error, null);
  // auth-js hands back _request's own { data, error } wrapper as data.
  assert.equal(removed.data.data.id, enrolled.data.id);
  assert.deepEqual((await admin.mfa.listFactors({ userId: user.id })).data.factors, []);
  // The user's session falls back to aal1 with nothing left to step up to.
  await c.auth.refreshSession();
  const level = await c.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([level.data.currentLevel, level.data.nextLevel], ['aal1', 'aal1']);
});

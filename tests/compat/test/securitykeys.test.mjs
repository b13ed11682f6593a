// Security keys as a second factor with the real client: mfa.enroll /
// challenge / verify with factorType 'webauthn', answered by the software
// authenticator. Node has no navigator.credentials, so auth-js turns the
// challenge's options into ArrayBuffers itself (its fallback for browsers
// without parseCreationOptionsFromJSON); the test turns them back into the
// JSON an authenticator reads, and hands verify a credential whose toJSON()
// is the browser's JSON, as Chromium's PublicKeyCredential has.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client, uniqueEmail, url } from '../lib.mjs';
import { SoftAuthenticator } from '../softauthn.mjs';

const origin = new URL(url).origin;
const b64url = (buf) => Buffer.from(buf).toString('base64url');

// jsonOptions undoes auth-js's deserialisation of the options.
function jsonOptions(publicKey) {
  const out = { ...publicKey, challenge: b64url(publicKey.challenge) };
  if (publicKey.user) out.user = { ...publicKey.user, id: b64url(publicKey.user.id) };
  if (publicKey.allowCredentials) out.allowCredentials = publicKey.allowCredentials.map((c) => ({ ...c, id: b64url(c.id) }));
  return out;
}
const asCredential = (json) => ({ toJSON: () => json });

test('enroll a security key, then sign in with password + key', async () => {
  const email = uniqueEmail('seckey');
  const c = client();
  const up = await c.auth.signUp({ email, password: 'correct horse battery' });
  assert.equal(up.error, null);
  const key = new SoftAuthenticator(origin);

  const enrolled = await c.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'YubiKey 5C' });
  assert.equal(enrolled.error, null);
  assert.equal(enrolled.data.type, 'webauthn');
  assert.equal(enrolled.data.friendly_name, 'YubiKey 5C');

  const ch = await c.auth.mfa.challenge({ factorId: enrolled.data.id, webauthn: { rpId: 'localhost', rpOrigins: [origin] } });
  assert.equal(ch.error, null);
  assert.equal(ch.data.type, 'webauthn');
  assert.equal(ch.data.webauthn.type, 'create');
  assert.ok(ch.data.webauthn.credential_options.publicKey.challenge instanceof ArrayBuffer, 'auth-js decoded the options');
  const created = key.create(jsonOptions(ch.data.webauthn.credential_options.publicKey));
  const verified = await c.auth.mfa.verify({
    factorId: enrolled.data.id, challengeId: ch.data.id,
    webauthn: { type: 'create', rpId: 'localhost', rpOrigins: [origin], credential_response: asCredential(created) },
  });
  assert.equal(verified.error, null);
  assert.ok(verified.data.access_token);
  const level = await c.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.equal(level.data.currentLevel, 'aal2');

  const factors = await c.auth.mfa.listFactors();
  assert.equal(factors.error, null);
  assert.deepEqual(factors.data.webauthn.map((f) => f.id), [enrolled.data.id]);
  assert.deepEqual(factors.data.totp, []);

  // A new device: the password gives aal1 with aal2 next.
  const other = client();
  const signedIn = await other.auth.signInWithPassword({ email, password: 'correct horse battery' });
  assert.equal(signedIn.error, null);
  const before = await other.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([before.data.currentLevel, before.data.nextLevel], ['aal1', 'aal2']);

  const rq = await other.auth.mfa.challenge({ factorId: enrolled.data.id });
  assert.equal(rq.error, null);
  assert.equal(rq.data.webauthn.type, 'request');
  const assertion = key.get(jsonOptions(rq.data.webauthn.credential_options.publicKey));
  const passed = await other.auth.mfa.verify({
    factorId: enrolled.data.id, challengeId: rq.data.id,
    webauthn: { type: 'request', rpId: 'localhost', rpOrigins: [origin], credential_response: asCredential(assertion) },
  });
  assert.equal(passed.error, null);
  const claims = (await other.auth.getClaims()).data.claims;
  assert.equal(claims.aal, 'aal2');
  assert.ok(claims.amr.some((m) => m.method === 'mfa/webauthn'), JSON.stringify(claims.amr));

  // The same assertion again is refused.
  const replay = await other.auth.mfa.verify({
    factorId: enrolled.data.id, challengeId: rq.data.id,
    webauthn: { type: 'request', credential_response: asCredential(assertion) },
  });
  assert.ok(replay.error);

  // Unenroll at aal2.
  const gone = await other.auth.mfa.unenroll({ factorId: enrolled.data.id });
  assert.equal(gone.error, null);
  await other.auth.refreshSession();
  assert.deepEqual((await other.auth.mfa.listFactors()).data.all, []);
});

test('a key from another origin does not verify the factor', async () => {
  const c = client();
  await c.auth.signUp({ email: uniqueEmail('seckey-evil'), password: 'correct horse battery' });
  const enrolled = await c.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' });
  const ch = await c.auth.mfa.challenge({ factorId: enrolled.data.id });
  const evil = new SoftAuthenticator('https://evil.example');
  const res = await c.auth.mfa.verify({
    factorId: enrolled.data.id, challengeId: ch.data.id,
    webauthn: { type: 'create', credential_response: asCredential(evil.create(jsonOptions(ch.data.webauthn.credential_options.publicKey))) },
  });
  assert.equal(res.error?.code, 'mfa_verification_failed');
  const factors = await c.auth.mfa.listFactors();
  assert.deepEqual(factors.data.webauthn, [], 'still unverified');
});

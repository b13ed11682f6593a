// TOTP two-factor through supabase-js: enroll, challenge, verify,
// listFactors, getAuthenticatorAssuranceLevel, unenroll. Codes are computed
// here from the enrolled secret (RFC 6238 with node:crypto), as an
// authenticator app would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client, uniqueEmail } from '../lib.mjs';
import { totp } from '../totp.mjs';

const password = 'correct horse battery';

test('the RFC 6238 helper matches the RFC test vector', () => {
  // RFC 6238 appendix B, SHA1, T = 59 s: 94287082 (8 digits) -> 287082.
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"
  assert.equal(totp(secret, 0, 59_000), '287082');
});

test('enroll, challenge, verify: aal1 -> aal2, then unenroll', async () => {
  const sb = client();
  const email = uniqueEmail('mfa');
  assert.equal((await sb.auth.signUp({ email, password })).error, null);

  let aal = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([aal.data.currentLevel, aal.data.nextLevel], ['aal1', 'aal1']);

  const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
  assert.equal(enrolled.error, null);
  const { id: factorId, totp: t } = enrolled.data;
  assert.equal(enrolled.data.type, 'totp');
  assert.equal(enrolled.data.friendly_name, 'Authenticator app');
  assert.ok(t.qr_code.startsWith('data:image/svg+xml;utf-8,<?xml'), t.qr_code.slice(0, 60));
  assert.match(t.uri, /^otpauth:\/\/totp\//);
  assert.equal(t.secret.length, 32);

  const listed = await sb.auth.mfa.listFactors();
  assert.equal(listed.data.all.length, 1);
  assert.equal(listed.data.all[0].status, 'unverified');
  assert.equal(listed.data.totp.length, 0);

  const challenge = await sb.auth.mfa.challenge({ factorId });
  assert.equal(challenge.error, null);
  assert.ok(challenge.data.expires_at > Date.now() / 1000);

  const wrong = await sb.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code: '000000' === totp(t.secret) ? '111111' : '000000' });
  assert.equal(wrong.error.code, 'mfa_verification_failed');
  assert.equal(wrong.error.status, 422);

  const events = [];
  sb.auth.onAuthStateChange((e) => events.push(e));
  const code = totp(t.secret);
  const verified = await sb.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code });
  assert.equal(verified.error, null);
  assert.ok(events.includes('MFA_CHALLENGE_VERIFIED'), `events ${events}`);
  aal = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([aal.data.currentLevel, aal.data.nextLevel], ['aal2', 'aal2']);
  assert.deepEqual(aal.data.currentAuthenticationMethods.map((m) => m.method), ['totp', 'password']);
  assert.equal((await sb.auth.mfa.listFactors()).data.totp.length, 1);

  // The same code again is a replay.
  const replay = await sb.auth.mfa.challengeAndVerify({ factorId, code });
  assert.equal(replay.error.code, 'mfa_verification_failed');

  // A new sign-in is aal1 and must step up.
  const other = client();
  assert.equal((await other.auth.signInWithPassword({ email, password })).error, null);
  aal = await other.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.deepEqual([aal.data.currentLevel, aal.data.nextLevel], ['aal1', 'aal2']);
  const blocked = await other.auth.mfa.unenroll({ factorId });
  assert.equal(blocked.error.code, 'insufficient_aal');
  const stepUp = await other.auth.mfa.challengeAndVerify({ factorId, code: totp(t.secret, 1) });
  assert.equal(stepUp.error, null);
  aal = await other.auth.mfa.getAuthenticatorAssuranceLevel();
  assert.equal(aal.data.currentLevel, 'aal2');

  // The refreshed session stays aal2.
  const refreshed = await other.auth.refreshSession();
  assert.equal(refreshed.error, null);
  const claims = JSON.parse(Buffer.from(refreshed.data.session.access_token.split('.')[1], 'base64url'));
  assert.equal(claims.aal, 'aal2');

  const un = await other.auth.mfa.unenroll({ factorId });
  assert.equal(un.error, null);
  assert.equal(un.data.id, factorId);
  assert.equal((await other.auth.mfa.listFactors()).data.all.length, 0);
});

test('enroll errors: name conflict and signed out', async () => {
  const sb = client();
  assert.equal((await sb.auth.signUp({ email: uniqueEmail('mfa-err'), password })).error, null);
  assert.equal((await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error, null);
  const dup = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  assert.equal(dup.error.code, 'mfa_factor_name_conflict');
  // Signed out, supabase-js sends the anon key as the Bearer token.
  const none = await client().auth.mfa.enroll({ factorType: 'totp' });
  assert.equal(none.error.status, 403);
  assert.equal(none.error.code, 'bad_jwt');
});

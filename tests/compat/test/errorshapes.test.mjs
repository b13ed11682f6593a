// Error shapes auth-js's own GoTrue suite checks by message, through the
// real client: an address GoTrue's syntax refuses on the admin paths,
// generateLink's email_change kinds, and verifyOtp for a phone code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client, serviceClient, uniqueEmail } from '../lib.mjs';

const INVALID_EMAIL = 'xx:;x@x.x'; // auth-js test/GoTrueApi.test.ts
const FORMAT = 'Unable to validate email address: invalid format';

test('createUser, inviteUserByEmail and generateLink refuse an invalid address', async () => {
  const admin = serviceClient().auth.admin;
  const created = await admin.createUser({ email: INVALID_EMAIL, password: 'password123' });
  assert.equal(created.error?.message, FORMAT);
  assert.equal(created.error?.code, 'email_address_invalid');
  assert.equal(created.data.user, null);
  const invited = await admin.inviteUserByEmail(INVALID_EMAIL);
  assert.equal(invited.error?.message, FORMAT);
  assert.equal(invited.data.user, null);
  const link = await admin.generateLink({ type: 'signup', email: INVALID_EMAIL, password: 'password123' });
  assert.equal(link.error?.message, FORMAT);
  assert.equal(link.data.user, null);
  assert.equal(link.data.properties, null);
});

test('generateLink makes both email_change links', async () => {
  const admin = serviceClient().auth.admin;
  const email = uniqueEmail('change');
  assert.equal((await admin.createUser({ email, email_confirm: true })).error, null);
  for (const type of ['email_change_current', 'email_change_new']) {
    const newEmail = uniqueEmail('changed');
    const { data, error } = await admin.generateLink({ type, email, newEmail, options: { redirectTo: 'http://localhost:9999/welcome' } });
    assert.equal(error, null);
    assert.equal(data.user.new_email, newEmail);
    assert.equal(data.properties.verification_type, 'email_change');
    assert.match(data.properties.action_link, /\?token/);
    assert.match(data.properties.action_link, /type=email_change/);
    assert.match(data.properties.action_link, /redirect_to=/);
    assert.ok(data.properties.email_otp && data.properties.hashed_token);
  }
});

test('verifyOtp for a phone code answers that the token is invalid', async () => {
  const { error } = await client().auth.verifyOtp({ phone: '+15555550100', type: 'phone_change', token: '123456', options: {} });
  assert.equal(error?.message, 'Token has expired or is invalid');
});

// TOTP codes as an authenticator app computes them (RFC 6238: HMAC-SHA1
// over the 30 s step counter, dynamic truncation, 6 digits), from the secret
// an enrolment returns. Shared by the two-factor tests.
import { createHmac } from 'node:crypto';

// base32Decode reads an RFC 4648 secret (no padding).
function base32Decode(s) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0; let value = 0; const out = [];
  for (const c of s.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

// totp gives the code of secret at now; offset shifts the clock in steps.
export function totp(secret, offset = 0, now = Date.now()) {
  const counter = Math.floor(now / 1000 / 30) + offset;
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', base32Decode(secret)).update(msg).digest();
  const o = mac[mac.length - 1] & 0x0f;
  const bin = ((mac[o] & 0x7f) << 24) | (mac[o + 1] << 16) | (mac[o + 2] << 8) | mac[o + 3];
  return String(bin % 1_000_000).padStart(6, '0');
}

// A platform authenticator in software for the passkey tests: a P-256 key
// per credential, "none" attestation, and the byte layouts of WebAuthn
// Level 3 §6.1 and §6.5. It answers the JSON options the server sends with
// the RegistrationResponseJSON / AuthenticationResponseJSON a browser's
// credentials API would give auth-js. Written for daybase; the idea follows
// auth-js's own test helper (MIT, Supabase), no code of it is copied.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

const b64url = (buf) => Buffer.from(buf).toString('base64url');
const sha256 = (data) => createHash('sha256').update(data).digest();

// cbor encodes the few CBOR types an attestation needs: unsigned and
// negative integers, byte and text strings, and maps.
function cbor(value) {
  const head = (major, n) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3); b[0] = (major << 5) | 25; b.writeUInt16BE(n, 1); return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const UP = 0x01, UV = 0x04, AT = 0x40;

export class SoftAuthenticator {
  constructor(origin) {
    this.origin = origin;
    this.credentials = new Map(); // base64url id -> { id, privateKey, userHandle, signCount, rpId }
  }

  authData(rpId, flags, signCount, attested = Buffer.alloc(0)) {
    const count = Buffer.alloc(4); count.writeUInt32BE(signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested]);
  }

  clientData(type, challenge) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  // create answers PublicKeyCredentialCreationOptionsJSON.
  create(options) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = randomBytes(32);
    const rpId = options.rp.id;
    const coseKey = cbor(new Map([[1, 2], [3, -7], [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')], [-3, Buffer.from(jwk.y, 'base64url')]]));
    const len = Buffer.alloc(2); len.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), len, id, coseKey]);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData: this.authData(rpId, UP | UV | AT, 0, attested) });
    this.credentials.set(b64url(id), { id, privateKey, userHandle: options.user.id, signCount: 0, rpId });
    return {
      id: b64url(id), rawId: b64url(id), type: 'public-key', authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  // get answers PublicKeyCredentialRequestOptionsJSON with a discoverable
  // credential (the first one, or the one named).
  get(options, credentialId = [...this.credentials.keys()][0]) {
    const c = this.credentials.get(credentialId);
    c.signCount += 1;
    const authenticatorData = this.authData(options.rpId ?? c.rpId, UP | UV, c.signCount);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), c.privateKey);
    return {
      id: b64url(c.id), rawId: b64url(c.id), type: 'public-key', authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: c.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}

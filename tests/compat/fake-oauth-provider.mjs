// A fake OAuth 2 provider for the compatibility suite, speaking GitHub's
// dialect (/login/oauth/authorize, /login/oauth/access_token, /user,
// /user/emails) and Google's userinfo (/userinfo). It is stateless: the
// consent page approves at once and the code, and then the access token,
// carry the account — taken from the login_hint the test passes through
// signInWithOAuth's queryParams — so tests choose who signs in.
//
// It is also two OpenID Connect issuers for signInWithIdToken: /oidc (set
// as daybase's Google issuer) and /sso (a self-hoster's "keycloak"), each
// serving its discovery document and JWKS and signing ID tokens (ES256,
// key made at start) with the claims a test POSTs to /<issuer>/sign;
// POST /<issuer>/rotate publishes a new key, retires the old one, and
// answers the old key's kid.
//
// run.mjs starts it as a child process (`node fake-oauth-provider.mjs PORT`)
// before daybase, and points daybase at it with fakeOAuthEnv(url).
import { createServer } from 'node:http';
import { generateKeyPairSync, randomUUID, sign as cryptoSign } from 'node:crypto';
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const clientID = 'compat-client';
export const clientSecret = 'compat-secret';

// fakeOAuthEnv is the daybase configuration for a provider at baseURL.
export function fakeOAuthEnv(baseURL) {
  return {
    DAYBASE_AUTH_GITHUB_CLIENT_ID: clientID,
    DAYBASE_AUTH_GITHUB_SECRET: clientSecret,
    DAYBASE_AUTH_GITHUB_AUTH_URL: `${baseURL}/login/oauth/authorize`,
    DAYBASE_AUTH_GITHUB_TOKEN_URL: `${baseURL}/login/oauth/access_token`,
    DAYBASE_AUTH_GITHUB_USER_URL: baseURL,
    DAYBASE_AUTH_GOOGLE_CLIENT_ID: clientID,
    DAYBASE_AUTH_GOOGLE_SECRET: clientSecret,
    DAYBASE_AUTH_GOOGLE_AUTH_URL: `${baseURL}/login/oauth/authorize`,
    DAYBASE_AUTH_GOOGLE_TOKEN_URL: `${baseURL}/login/oauth/access_token`,
    DAYBASE_AUTH_GOOGLE_USER_URL: `${baseURL}/userinfo`,
    DAYBASE_AUTH_GOOGLE_ISSUER: `${baseURL}/oidc`,
    DAYBASE_AUTH_GOOGLE_ID_TOKEN_CLIENT_IDS: 'compat-ios-client',
    DAYBASE_AUTH_OIDC_PROVIDER: 'keycloak',
    DAYBASE_AUTH_OIDC_ISSUER: `${baseURL}/sso`,
    DAYBASE_AUTH_OIDC_CLIENT_IDS: 'compat-sso-client',
  };
}

// spawnFakeOAuthProvider runs the provider on port in a child process
// (run.mjs blocks its own event loop while the tests run).
export function spawnFakeOAuthProvider(port) {
  return spawn(process.execPath, [fileURLToPath(import.meta.url), String(port)], { stdio: ['ignore', 'inherit', 'inherit'] });
}

const encode = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
const decode = (s) => JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));

function account(hint) {
  const email = hint || 'octocat@example.test';
  let id = 0;
  for (const c of email) id = (id * 31 + c.charCodeAt(0)) % 2147483647;
  return { id, email, login: email.split('@')[0], name: `Fake ${email.split('@')[0]}` };
}

function json(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readForm(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

function bearerAccount(req) {
  const m = /^Bearer (.+)$/.exec(req.headers.authorization || '');
  if (!m) return null;
  try {
    return decode(m[1]);
  } catch {
    return null;
  }
}

// issuer is one OpenID Connect issuer at base with a rotatable ES256 key.
function issuer(base) {
  const fresh = () => ({ kid: randomUUID(), ...generateKeyPairSync('ec', { namedCurve: 'P-256' }) });
  let key = fresh();
  return {
    discovery: () => ({
      issuer: base, jwks_uri: `${base}/jwks`, authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`, id_token_signing_alg_values_supported: ['ES256'],
    }),
    jwks: () => ({ keys: [{ ...key.publicKey.export({ format: 'jwk' }), kid: key.kid, use: 'sig', alg: 'ES256' }] }),
    sign(claims) {
      const now = Math.floor(Date.now() / 1000);
      const head = encode({ alg: 'ES256', typ: 'JWT', kid: key.kid });
      const body = encode({ iss: base, iat: now, exp: now + 3600, ...claims });
      const sig = cryptoSign('sha256', Buffer.from(`${head}.${body}`), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
      return `${head}.${body}.${sig.toString('base64url')}`;
    },
    rotate() {
      const old = key.kid;
      key = fresh();
      return old;
    },
  };
}

async function readJSON(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return JSON.parse(body || '{}');
}

export function serve(port) {
  const base = `http://127.0.0.1:${port}`;
  const issuers = { oidc: issuer(`${base}/oidc`), sso: issuer(`${base}/sso`) };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, `http://127.0.0.1:${port}`);
    const [, name, ...rest] = url.pathname.split('/');
    const iss = issuers[name];
    if (iss) {
      const path = rest.join('/');
      if (req.method === 'GET' && path === '.well-known/openid-configuration') return json(res, 200, iss.discovery());
      if (req.method === 'GET' && path === 'jwks') return json(res, 200, iss.jwks());
      if (req.method === 'POST' && path === 'sign') return json(res, 200, { id_token: iss.sign(await readJSON(req)) });
      if (req.method === 'POST' && path === 'rotate') return json(res, 200, { retired: iss.rotate() });
      return json(res, 404, { message: 'Not Found' });
    }
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      // Consent granted at once: back to daybase's callback with a code.
      if (url.searchParams.get('client_id') !== clientID) return json(res, 400, { error: 'unknown client' });
      const back = new URL(url.searchParams.get('redirect_uri'));
      back.searchParams.set('code', encode(account(url.searchParams.get('login_hint'))));
      back.searchParams.set('state', url.searchParams.get('state'));
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = await readForm(req);
      let [id, secret] = [form.get('client_id'), form.get('client_secret')];
      const basic = /^Basic (.+)$/.exec(req.headers.authorization || '');
      if (basic) [id, secret] = Buffer.from(basic[1], 'base64').toString().split(':').map(decodeURIComponent);
      if (id !== clientID || secret !== clientSecret) return json(res, 401, { error: 'invalid_client' });
      return json(res, 200, { access_token: form.get('code'), token_type: 'bearer', refresh_token: 'fake-refresh', expires_in: 3600 });
    }
    const acct = bearerAccount(req);
    if (!acct) return json(res, 401, { message: 'Bad credentials' });
    if (url.pathname === '/user') return json(res, 200, { id: acct.id, login: acct.login, name: acct.name, avatar_url: 'https://avatars.example/fake' });
    if (url.pathname === '/user/emails') return json(res, 200, [{ email: acct.email, primary: true, verified: true }]);
    if (url.pathname === '/userinfo') return json(res, 200, { sub: String(acct.id), email: acct.email, email_verified: true, name: acct.name });
    return json(res, 404, { message: 'Not Found' });
  });
  server.listen(port, '127.0.0.1');
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  serve(Number(process.argv[2]));
}

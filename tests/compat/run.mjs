// Runs the compatibility suite: builds the daybase binary (unless
// DAYBASE_BIN names one), starts `daybase serve` on a free port with a
// fresh data dir, reads `daybase keys --json`, runs every test/*.test.mjs
// with node:test against it, and stops everything it started. Arguments
// pick test files by name: `node run.mjs auth storage`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeOAuthEnv, spawnFakeOAuthProvider } from './fake-oauth-provider.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

async function waitHealthy(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`daybase exited with ${child.exitCode} during start-up`);
    try {
      const r = await fetch(`${url}/health`);
      if (r.status === 200) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`daybase did not report /health 200 within ${timeoutMs} ms`);
}

// testFiles picks the suites to run: every test/*.test.mjs, or those whose
// file name contains one of the arguments (`node run.mjs auth mfa` or
// `node run.mjs test/auth.test.mjs`).
function testFiles(filters) {
  const all = readdirSync(join(here, 'test')).filter((f) => f.endsWith('.test.mjs')).sort();
  const names = filters.map((f) => f.replace(/^.*\//, ''));
  const picked = names.length === 0 ? all : all.filter((f) => names.some((n) => f.includes(n)));
  if (picked.length === 0) throw new Error(`no test file matches ${filters.join(' ')}; files: ${all.join(', ')}`);
  return picked.map((f) => join(here, 'test', f));
}

let bin = process.env.DAYBASE_BIN ? resolve(process.env.DAYBASE_BIN) : '';
if (!bin) {
  bin = join(root, 'bin', 'daybase-compat');
  const b = spawnSync('go', ['build', '-o', bin, './cmd/daybase'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'daybase-compat-'));
const port = await freePort();
// A fake OAuth provider (GitHub and Google dialects) for signInWithOAuth.
const oauthPort = await freePort();
const fakeOAuth = spawnFakeOAuthProvider(oauthPort);
const env = {
  ...process.env,
  ...fakeOAuthEnv(`http://127.0.0.1:${oauthPort}`),
  DAYBASE_DATA_DIR: dataDir,
  DAYBASE_PORT: String(port),
  DAYBASE_HOST: '127.0.0.1',
  DAYBASE_AUTH_ANONYMOUS_SIGN_INS: 'true', // anonymous.test.mjs
  DAYBASE_AUTH_MANUAL_LINKING: 'true', // identities.test.mjs
  DAYBASE_LOG_LEVEL: process.env.DAYBASE_LOG_LEVEL || 'warn',
  // postgrest-js's fixture suite runs with its own schema exposed, Prefer:
  // tx= honoured and plans on (test/postgrest-js.test.mjs); none of these
  // changes what the other files see.
  DAYBASE_REST_SCHEMAS: 'public,postgrest_js',
  DAYBASE_REST_TX_ALLOW_OVERRIDE: 'true',
  DAYBASE_REST_PLAN_ENABLED: 'true',
};
const server = spawn(bin, ['serve'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
let code = 1;
try {
  const keys = spawnSync(bin, ['keys', '--json'], { env, encoding: 'utf8' });
  if (keys.status !== 0) throw new Error(`daybase keys --json failed: ${keys.stderr}`);
  const { url, anon_key, service_role_key } = JSON.parse(keys.stdout);
  await waitHealthy(url, server, 60_000);
  const files = testFiles(process.argv.slice(2));
  const t = spawnSync(process.execPath, ['--test', '--test-concurrency=1', ...files], {
    stdio: 'inherit',
    env: { ...process.env, DAYBASE_TEST_OAUTH_URL: `http://127.0.0.1:${oauthPort}`, DAYBASE_URL: url, DAYBASE_ANON_KEY: anon_key, DAYBASE_SERVICE_ROLE_KEY: service_role_key, DAYBASE_BIN: bin, DAYBASE_DATA_DIR: dataDir },
  });
  code = t.status ?? 1;
} catch (err) {
  console.error(`compat: ${err.message}`);
} finally {
  server.kill('SIGTERM');
  fakeOAuth.kill('SIGTERM');
  await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);

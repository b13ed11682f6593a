import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const here = path.dirname(fileURLToPath(import.meta.url))
const artifacts = path.join(here, 'artifacts')

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`daybase serve exited with code ${server.exitCode}; see ${artifacts}/server.log`)
    try {
      const res = await fetch(`${url}/health`)
      if (res.status === 200) return
      last = `status ${res.status}`
    } catch (e) {
      last = String(e)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`GET ${url}/health did not answer 200 within ${timeoutMs} ms (last: ${last}); see ${artifacts}/server.log`)
}

function stop(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) return resolve()
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000)
    server.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    server.kill('SIGTERM')
  })
}

/** A running `daybase serve` with its keys. */
export type Server = { url: string; anonKey: string; serviceRoleKey: string; dataDir: string; bin: string; stop: () => Promise<void> }

/**
 * Starts `$DAYBASE_BIN serve` (default ../../bin/daybase, built beforehand:
 * this setup builds nothing) on a free port with a fresh data directory and
 * the extra environment, waits for /health and reads the keys. stop() ends
 * the server and removes the data directory.
 */
export async function startServer(extraEnv: Record<string, string> = {}, logName = 'server.log'): Promise<Server> {
  const bin = path.resolve(here, process.env.DAYBASE_BIN || '../../bin/daybase')
  mkdirSync(artifacts, { recursive: true })
  const dataDir = mkdtempSync(path.join(tmpdir(), 'daybase-browser-'))
  const port = await freePort()
  const env = {
    ...process.env,
    DAYBASE_DATA_DIR: dataDir,
    DAYBASE_PORT: String(port),
    DAYBASE_HOST: '127.0.0.1',
    ...extraEnv,
  }
  const log = openSync(path.join(artifacts, logName), 'w')
  const server = spawn(bin, ['serve'], { env, stdio: ['ignore', log, log] })
  const spawnError = new Promise<never>((_, reject) => server.once('error', (e) => reject(new Error(`cannot start ${bin}: ${e.message}`))))
  const served = `http://127.0.0.1:${port}`
  const stopAndClean = async () => {
    await stop(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await Promise.race([waitForHealth(served, server, 120_000), spawnError])
    const { stdout } = await promisify(execFile)(bin, ['keys', '--json'], { env })
    const keys = JSON.parse(stdout) as { url?: string; anon_key?: string; service_role_key?: string }
    if (!keys.anon_key) throw new Error(`daybase keys --json printed no anon_key: ${stdout}`)
    return { url: keys.url || served, anonKey: keys.anon_key, serviceRoleKey: keys.service_role_key ?? '', dataDir, bin, stop: stopAndClean }
  } catch (e) {
    await stopAndClean()
    throw e
  }
}

/**
 * Starts the server every spec shares and hands it to the tests through
 * DAYBASE_URL, DAYBASE_ANON_KEY and DAYBASE_SERVICE_ROLE_KEY. The returned
 * function stops the server and removes the data directory.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer()
  process.env.DAYBASE_URL = server.url
  process.env.DAYBASE_ANON_KEY = server.anonKey
  process.env.DAYBASE_SERVICE_ROLE_KEY = server.serviceRoleKey
  // For tests that run the binary's own commands on the same data dir (daybase admin grant).
  process.env.DAYBASE_BIN_PATH = server.bin
  process.env.DAYBASE_TEST_DATA_DIR = server.dataDir
  return server.stop
}

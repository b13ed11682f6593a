// loadWebModule bundles one TypeScript module of the web app with the
// rolldown that Vite ships and imports it, so a Node bench times the app's
// own code (needs web/node_modules).
import { createRequire } from 'node:module'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** Imports web/<relPath> (e.g. 'src/features/tasks/quick-add/parse.ts') bundled for Node. */
export async function loadWebModule(relPath) {
  const require = createRequire(path.join(root, 'web/package.json'))
  const { build } = await import(pathToFileURL(require.resolve('rolldown')).href)
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'web-bench-')), 'module.mjs')
  await build({ input: path.join(root, 'web', relPath), platform: 'node', logLevel: 'silent', output: { file: out, format: 'esm' } })
  return import(pathToFileURL(out).href)
}

// Prerenders the public pages that a first visit lands on, after `vite build`:
// each page's #root markup (rendered by src/prerender.tsx with the app's own
// components) goes into a copy of the built index.html under dist/app/pages/,
// and dist/app/pages/manifest.json tells the server which path each file
// answers and which query parameters leave the markup as it is. The server
// (gateway/webapp.go) sends such a page instead of index.html; main.tsx
// hydrates it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dist = path.join(web, 'dist', 'app')

/**
 * Path -> the query parameters that do not change what the page renders at
 * first ('*': any), and the visitor it is drawn for: signed out, signed in
 * (then src/boot/signed-in-page.js, inlined after #root, writes the user's
 * own words into it before the first paint), or public (anyone).
 */
const pages = {
  '/auth': { query: ['redirect'], session: 'signed-out' },
  '/app': { query: [], session: 'signed-in' },
  // Public pages: drawn signed out and kept for every visitor (main.tsx);
  // no query parameter changes them.
  '/': { query: ['*'], session: 'public' },
  '/features': { query: ['*'], session: 'public' },
  '/premium': { query: ['*'], session: 'public' },
  '/download': { query: ['*'], session: 'public' },
  '/privacy-choices': { query: ['*'], session: 'public' },
}
const signedInScript = `<script>${readFileSync(path.join(web, 'src', 'boot', 'signed-in-page.js'), 'utf8')}</script>`

// supabase-js warns about Node 20 at import; the prerender makes no request.
const warn = console.warn
console.warn = (...args) => (/Node\.js 20 and below/.test(String(args[0])) ? undefined : warn(...args))
const { prerender } = await import(pathToFileURL(path.join(web, '.prerender', 'prerender.js')).href)
const index = readFileSync(path.join(dist, 'index.html'), 'utf8')
const emptyRoot = '<div id="root"></div>'
if (!index.includes(emptyRoot)) throw new Error(`dist/app/index.html has no ${emptyRoot} to fill`)

mkdirSync(path.join(dist, 'pages'), { recursive: true })
const manifest = {}
for (const [route, { query, session }] of Object.entries(pages)) {
  const started = performance.now()
  const markup = await prerender(route, { signedIn: session === 'signed-in' })
  const file = `pages/${route === '/' ? 'index' : route.slice(1).replaceAll('/', '_')}.html`
  const attrs =
    `data-prerendered="${route}" data-prerendered-session="${session}"` +
    (query.length ? ` data-prerendered-query="${query.join(' ')}"` : '')
  const root = `<div id="root" ${attrs}>${markup}</div>` + (session === 'signed-in' ? signedInScript : '')
  writeFileSync(path.join(dist, file), index.replace(emptyRoot, root))
  manifest[route] = { file, query }
  console.log(`prerendered ${route} -> dist/app/${file} (${(markup.length / 1024).toFixed(1)} KB, ${Math.round(performance.now() - started)} ms)`)
}
writeFileSync(path.join(dist, 'pages', 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
// supabase-js leaves timers behind in Node; the pages are written.
process.exit(0)

import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { type Plugin, defineConfig } from 'vitest/config'
import pkg from './package.json' with { type: 'json' }

// Phosphor weights: every icon module of @phosphor-icons/react carries all
// six; the build keeps, in each, the weights every icon may be drawn at
// (the default and the ones chosen through a variable: the rail's
// fill/regular, SidebarLink's duotone on whichever icon it is given) and
// those named literally on that icon in src/ (<Check weight="bold" />).
// An icon drawn at another weight through a variable would render empty:
// add the weight here. A file that starts with the line
// `// phosphor: every weight` keeps all six weights of each icon it imports
// from @phosphor-icons/react/dist/csr/<Name> (the project icons, drawn at
// the weight their owner chose).
const ICON_WEIGHTS = new Set(['regular', 'duotone', 'fill'])
const ALL_WEIGHTS = ['thin', 'light', 'regular', 'bold', 'fill', 'duotone']
const EVERY_WEIGHT_MARK = '// phosphor: every weight'

/** Icon name -> weights written as weight="…" on that icon's JSX tag anywhere in src/ (or all of them, see above). */
function literalIconWeights(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>()
  const src = fileURLToPath(new URL('./src', import.meta.url))
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file)) continue
    const code = readFileSync(`${src}/${file}`, 'utf8')
    if (code.startsWith(EVERY_WEIGHT_MARK)) {
      for (const [, icon = ''] of code.matchAll(/@phosphor-icons\/react\/dist\/csr\/(\w+)/g)) found.set(icon, new Set(ALL_WEIGHTS))
    }
    if (!file.endsWith('.tsx')) continue
    for (const [, icon = '', weight = ''] of code.matchAll(/<([A-Z]\w*)\b[^<>]*?\bweight="(\w+)"/g)) {
      found.set(icon, (found.get(icon) ?? new Set()).add(weight))
    }
  }
  return found
}

/** Removes from each Phosphor icon map the [weight, element] entries the app never draws. */
function phosphorWeights(): Plugin {
  let literal: Map<string, Set<string>> | undefined
  return {
    name: 'daybase-phosphor-weights',
    enforce: 'pre',
    buildStart() {
      literal = undefined
    },
    transform(code, id) {
      const icon = /@phosphor-icons\/react\/dist\/defs\/([^/]+)\.es\.js$/.exec(id)?.[1]
      if (!icon) return null
      literal ??= literalIconWeights()
      const keep = literal.get(icon)
      let out = ''
      let at = 0
      for (const m of code.matchAll(/\[\s*"(\w+)",/g)) {
        const weight = m[1] ?? ''
        if (ICON_WEIGHTS.has(weight) || keep?.has(weight) || m.index < at) continue
        // The entry runs to its matching "]" (the path data holds no brackets
        // outside strings; strings are skipped), then its trailing comma.
        let depth = 0
        let i = m.index
        let quote = ''
        for (; i < code.length; i++) {
          const c = code[i]
          if (quote) {
            if (c === '\\') i++
            else if (c === quote) quote = ''
          } else if (c === '"' || c === "'") quote = c
          else if (c === '[' || c === '(' || c === '{') depth++
          else if (c === ']' || c === ')' || c === '}') {
            depth--
            if (depth === 0) break
          }
        }
        let end = i + 1
        const comma = /^\s*,/.exec(code.slice(end))
        if (comma) end += comma[0].length
        out += code.slice(at, m.index)
        at = end
      }
      return at === 0 ? null : { code: out + code.slice(at), map: null }
    },
  }
}

/**
 * supabase-js imports realtime-js and storage-js and builds both clients in
 * createClient, and auth-js's GoTrueClient builds its admin API; the app uses
 * none of them at start. Inside supabase-js (auth-js) only, those imports
 * resolve to stand-ins (src/lib/deferred/) that load the real module when
 * asked to (loadRealtime, loadStorage in lib/supabase.ts; loadAuthAdmin).
 */
function deferredSupabaseParts(): Plugin {
  const standIns: Record<string, string> = {
    '@supabase/realtime-js': fileURLToPath(new URL('./src/lib/deferred/realtime.ts', import.meta.url)),
    '@supabase/storage-js': fileURLToPath(new URL('./src/lib/deferred/storage.ts', import.meta.url)),
  }
  // auth-js's modules import the admin API by a relative path.
  const adminStandIn = fileURLToPath(new URL('./src/lib/deferred/auth-admin.ts', import.meta.url))
  // And GoTrueClient its WebAuthn code (passkeys, security keys).
  const webAuthnStandIn = fileURLToPath(new URL('./src/lib/deferred/webauthn.ts', import.meta.url))
  return {
    name: 'daybase-deferred-supabase-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null
      if (source === './GoTrueAdminApi' && /[\\/]@supabase[\\/]auth-js[\\/]dist[\\/]module[\\/]/.test(importer)) return adminStandIn
      if (source === './lib/webauthn' && /[\\/]@supabase[\\/]auth-js[\\/]dist[\\/]module[\\/]GoTrueClient\.js$/.test(importer)) return webAuthnStandIn
      const standIn = standIns[source]
      if (!standIn || !/[\\/]@supabase[\\/]supabase-js[\\/]/.test(importer)) return null
      return standIn
    },
  }
}

/**
 * The date of the newest entry of ../CHANGELOG.md ('## YYYY-MM-DD — …'):
 * the account menu marks "What's new" until the user has seen it, without
 * loading the changelog itself.
 */
function latestChangelogDate(): string {
  const text = readFileSync(fileURLToPath(new URL('../CHANGELOG.md', import.meta.url)), 'utf8')
  return /^## (\d{4}-\d{2}-\d{2})/m.exec(text)?.[1] ?? ''
}

/**
 * precache.json: every script and style the build wrote, for the service
 * worker (public/sw.js) to fetch once the signed-in app asks it to, so that
 * a screen never opened online still opens offline (issue 26).
 */
function precacheList(): Plugin {
  return {
    name: 'daybase-precache-list',
    apply: 'build',
    generateBundle(options, bundle) {
      if (options.dir && !options.dir.endsWith('app')) return
      const files = Object.keys(bundle).filter((f) => /^assets\/.*\.(?:js|css)$/.test(f)).map((f) => `/${f}`)
      if (!files.length) return
      this.emitFile({ type: 'asset', fileName: 'precache.json', source: JSON.stringify(files.sort()) })
    },
  }
}

// The Go binary embeds web/dist (all:dist) and serves dist/app, so the build
// writes there and empties only that folder: dist/.gitkeep must survive.
export default defineConfig({
  plugins: [phosphorWeights(), deferredSupabaseParts(), react(), tailwindcss(), precacheList()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version), __CHANGELOG_LATEST__: JSON.stringify(latestChangelogDate()) },
  // The changelog lives at the repository's root (features/changelog imports
  // it ?raw), so the dev server and Vitest may read from there.
  server: { fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The prerender build (scripts/prerender.mjs) bundles supabase-js, so that
  // its realtime and storage parts are the stand-ins there too: Node 20 has no
  // WebSocket for the real realtime client.
  ssr: { noExternal: [/@supabase\//] },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    // No <link rel=modulepreload> for the imports of a dynamic import: the
    // browser fetches a module's imports as it reads it. Inserting those
    // links (~45 for /app) was one long task of its own once the
    // prerendered page was on screen (docs/benchmarks.md, issue 11).
    modulePreload: false,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Component tests type and click through user-event in jsdom: a few
    // seconds each on a busy shared machine. Time never decides pass or fail.
    testTimeout: 30_000,
    // Through Vite, so that the tests get supabase-js as the build does (deferredSupabaseParts).
    server: { deps: { inline: [/@supabase[\\/]supabase-js/] } },
  },
})

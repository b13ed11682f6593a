import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { CodeSplittingGroup, ModuleInfo } from 'rolldown'
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
 * react-router ships one build for all its modes (framework, data,
 * declarative) and, by its package's exports, the one with development
 * warnings. Its components are made by calls the bundler must assume have
 * effects (React.forwardRef(…), X.displayName = …), so what the app never
 * uses stays in the first screen: <Form> and useSubmit, the framework
 * mode's <Scripts>, error boundary and route-module prefetching (<Link
 * prefetch>, which only works inside a framework-mode app), the history
 * router. This marks those calls pure and drops the displayName assignments
 * and the development warnings, so that tree-shaking removes what is unused
 * (−1.9 KiB gzip; docs/decisions.md, "Issue 18 (part h)"). <Link>'s
 * route-module prefetching stays: <Link> refers to it.
 */
function leanReactRouter(): Plugin {
  const file = /[\\/]react-router[\\/]dist[\\/]development[\\/]chunk-[A-Z0-9]+\.mjs$/
  return {
    name: 'daybase-lean-react-router',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id)) return null
      const out = code
        .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;')
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/= (React\d*)\.(forwardRef|memo|createContext)\(/g, '= /* @__PURE__ */ $1.$2(')
      return out === code ? null : { code: out, map: null }
    },
  }
}

/** Whether a module's code is nothing but imports and re-exports (a package's index). */
function onlyReExports(code: string): boolean {
  return (
    code
      .replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '')
      .replace(/\b(?:import|export)\s[^;]*?\bfrom\s*["'][^"']+["']\s*;?/g, '')
      .replace(/\bexport\s*\{[^}]*\}\s*;?/g, '')
      .replace(/\bimport\s*["'][^"']+["']\s*;?/g, '')
      .trim() === ''
  )
}


/**
 * The signed-in app's first screen (/app) in two chunks instead of ~50: the
 * shell (app-layout.tsx and every module it imports statically) and the
 * dashboard (dashboard.tsx and what it adds). Left to itself the bundler
 * cuts a chunk for every set of pages that shares a module, and the first
 * screen fetched ~50 of 0.1–3 KiB (icons, stores, small components), each
 * compressed on its own: one chunk compresses ~13 KiB smaller and is one
 * request (docs/benchmarks.md, "Issue 18 (part h)").
 *
 * Only modules no page outside the shell reaches are grouped: what the
 * entry, supabase-js, app.tsx or a public page (/auth, /, /features, …, and
 * whatever those load later) import stays where it was, so those pages never
 * fetch the shell. A module of the shell that a later page imports as well
 * (an icon, input.tsx) comes from the shell's chunk, which every /app page
 * has already loaded. The groups take no dependencies along
 * (includeDependenciesRecursively: false): what they leave out is, by the
 * rule above, a module the shell imports from outside.
 */
function firstScreenChunks(): { plugin: Plugin; groups: CodeSplittingGroup[] } {
  const members = new Map<string, Set<string>>([
    ['app', new Set()],
    ['app-layout', new Set()],
    ['dashboard', new Set()],
    ['shared', new Set()],
  ])
  const src = fileURLToPath(new URL('./src/', import.meta.url))
  const shellRoot = `${src}app/layout/app-layout.tsx`
  const dashboardRoot = `${src}app/routes/app/dashboard.tsx`
  // Pages (and the sidebars) that render inside the shell: a dynamic import
  // of one of these is not a way in for a page outside it.
  const insideShell = (id: string) =>
    id === shellRoot || id.startsWith(`${src}app/routes/app/`) || id === `${src}app/layout/module-sidebars.tsx`
  const plugin: Plugin = {
    name: 'daybase-first-screen-chunks',
    apply: 'build',
    // Not the prerender build (vite build --ssr), which bundles for Node.
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      for (const set of members.values()) set.clear()
      const info = (id: string) => this.getModuleInfo(id)
      /** The id among `from`'s imports that the specifier names. */
      const target = (from: ModuleInfo, spec: string) => {
        if (spec.startsWith('.')) {
          const base = path.resolve(path.dirname(from.id), spec)
          return from.importedIds.find((d) => d === base || d.startsWith(`${base}.`) || d.startsWith(`${base}/index.`))
        }
        // A package, or a path inside one ('zustand/vanilla' is its esm/vanilla.mjs).
        const pkg = spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/')
        const sub = spec.slice(pkg.length + 1).split('/').pop()
        const inPkg = from.importedIds.filter((d) => d.includes(`/node_modules/${pkg}/`))
        return sub ? inPkg.find((d) => path.basename(d).startsWith(`${sub}.`) || d.includes(`/${sub}/index.`)) : inPkg.length === 1 ? inPkg[0] : undefined
      }
      /** The names a module imports from one of its imports ('*' for all of them). */
      const namesFrom = (from: ModuleInfo, d: string) => {
        const names: string[] = []
        for (const [, what = '', spec = ''] of (from.code ?? '').matchAll(/\bimport\s+([^'";]*?)\s*from\s*["']([^"']+)["']/g)) {
          if (target(from, spec) !== d) continue
          const list = /\{([^}]*)\}/.exec(what)?.[1]
          if (list === undefined) names.push('*')
          else for (const item of list.split(',')) names.push(item.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '')
        }
        return names.filter(Boolean)
      }
      /**
       * The modules behind a name that a re-exporting index exports (all of
       * its imports for '*'). What reaches the groups is never more than what
       * the name needs; what counts as reached from outside the shell may be
       * more, never less (`generous`).
       */
      const exportedBy = (barrel: string, name: string, generous: boolean): string[] => {
        const m = info(barrel)
        if (!m) return []
        if (name === '*') return m.importedIds
        const code = m.code ?? ''
        // The local name exported as `name`: export { local as name } / export { name }.
        let local = name
        for (const [, list = ''] of code.matchAll(/\bexport\s*\{([^}]*)\}\s*(?:from\s*["']([^"']+)["'])?/g)) {
          for (const item of list.split(',')) {
            const [inner = '', outer = inner] = item.trim().split(/\s+as\s+/)
            if (outer === name) local = inner
          }
        }
        for (const [, what = '', spec = ''] of code.matchAll(/\b(?:import|export)\s+([^'";]*?)\s*from\s*["']([^"']+)["']/g)) {
          const star = /^\*\s+as\s+(\w+)$/.exec(what.trim())?.[1]
          const named = /\{([^}]*)\}/.exec(what)?.[1]
          const hit =
            star === local ||
            (named ?? '').split(',').some((item) => {
              const [inner = '', outer = inner] = item.trim().split(/\s+as\s+/)
              return outer === local || inner === name
            })
          const id = hit ? target(m, spec) : undefined
          if (id) return [id]
        }
        // Behind an `export * from`: the one that exports it (or, when
        // `generous`, all of them).
        const stars = [...code.matchAll(/\bexport\s*\*\s*from\s*["']([^"']+)["']/g)].flatMap(([, spec = '']) => target(m, spec) ?? [])
        if (generous) return stars
        for (const star of stars) {
          if (isBarrel(star)) {
            const found = exportedBy(star, name, false)
            if (found.length) return found
          } else if (new RegExp(`\\bexport\\s*(?:\\{[^}]*\\b${name}\\b|(?:const|let|var|function|class)\\s+${name}\\b)`).test(info(star)?.code ?? '')) return [star]
        }
        return []
      }
      const barrels = new Map<string, boolean>()
      const isBarrel = (id: string) => {
        let barrel = barrels.get(id)
        if (barrel === undefined) {
          const code = id.includes('node_modules') ? info(id)?.code : undefined
          barrel = code ? onlyReExports(code) : false
          barrels.set(id, barrel)
        }
        return barrel
      }
      if (!info(shellRoot) || !info(dashboardRoot)) return // the prerender build
      // `dynamic`: through dynamic imports too, generously (see exportedBy).
      const closure = (roots: string[], dynamic: boolean) => {
        const seen = new Set<string>()
        const todo = [...roots]
        for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
          if (seen.has(id)) continue
          seen.add(id)
          const m = info(id)
          if (!m) continue
          // Through a package's index that only re-exports (radix-ui,
          // @phosphor-icons/react, @tanstack/react-query): only to the
          // modules of the names this module takes from it, not to the whole
          // package (the bundle keeps only those).
          for (const d of m.importedIds) {
            if (!isBarrel(d)) todo.push(d)
            else for (const name of namesFrom(m, d)) todo.push(...exportedBy(d, name, dynamic))
          }
          if (dynamic) todo.push(...m.dynamicallyImportedIds.filter((d) => !insideShell(d)))
        }
        return seen
      }
      const entries = [...this.getModuleIds()].filter((id) => info(id)?.isEntry)
      const outside = closure(entries, true)
      const shell = closure([shellRoot], false)
      for (const id of shell) if (!outside.has(id)) members.get('app-layout')?.add(id)
      const dashboard = closure([dashboardRoot], false)
      for (const id of dashboard) if (!outside.has(id) && !shell.has(id)) members.get('dashboard')?.add(id)
      const core = closure([...entries, `${src}app/app.tsx`, `${src}lib/supabase.ts`], false)
      const early = closure([...entries, `${src}lib/supabase.ts`], false)
      for (const id of core) if (!early.has(id)) members.get('app')?.add(id)
      for (const id of [...shell, ...dashboard]) if (outside.has(id) && !core.has(id)) members.get('shared')?.add(id)
    },
    // A module the rules above missed would be cut into a chunk of its own
    // that a group's chunk imports and that imports it back: chunks that
    // import each other run in the wrong order. Fail the build instead.
    generateBundle(_options, bundle) {
      const imports = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c.imports] as const] : [])))
      const state = new Map<string, 'open' | 'done'>()
      const visit = (file: string, trail: string[]): void => {
        if (state.get(file) === 'done') return
        if (state.get(file) === 'open') this.error(`chunks import each other: ${[...trail, file].join(' -> ')}`)
        state.set(file, 'open')
        for (const next of imports.get(file) ?? []) visit(next, [...trail, file])
        state.set(file, 'done')
      }
      for (const file of imports.keys()) visit(file, [])
    },
  }
  const groups = [...members].map(([name, set], i) => ({
    name,
    test: (id: string) => set.has(id),
    priority: members.size - i,
    includeDependenciesRecursively: false,
  }))
  return { plugin, groups }
}

const firstScreen = firstScreenChunks()

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
  plugins: [phosphorWeights(), deferredSupabaseParts(), leanReactRouter(), firstScreen.plugin, react(), tailwindcss(), precacheList()],
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
    rolldownOptions: { output: { codeSplitting: { groups: firstScreen.groups } } },
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

/// <reference types="vite/client" />

/** package.json version, set by vite.config.ts. */
declare const __APP_VERSION__: string

/** The date (YYYY-MM-DD) of the newest entry of CHANGELOG.md, set by vite.config.ts. */
declare const __CHANGELOG_LATEST__: string

interface ImportMetaEnv {
  readonly VITE_DAYBASE_URL?: string
  readonly VITE_DAYBASE_ANON_KEY?: string
}

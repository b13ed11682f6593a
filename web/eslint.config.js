// ESLint (flat config) for the web app: TypeScript, the rules of hooks, and
// the architecture of web/README.md as checked rules — a feature never
// imports another feature; lib/ and components/ never import features; no
// import circles. `npm run lint` runs it (go tool task test:web).
import js from '@eslint/js'
import boundaries from 'eslint-plugin-boundaries'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const FEATURE_RULE =
  'A feature must not import another feature ({{from.element.captured.feature}} imports {{to.element.captured.feature}}). ' +
  'Compose them in src/app (a route or layout), or move what both need to src/lib or src/components.'
const SHARED_RULE =
  'src/{{from.element.type}} must not import a feature ({{to.element.captured.feature}}): shared code stays below the features. ' +
  'Pass what it needs in as a prop or a callback from src/app.'

export default tseslint.config(
  { ignores: ['dist/**', '.prerender/**', 'node_modules/**', 'public/**', 'scripts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{js,ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX, boundaries },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': [
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'app', pattern: 'src/app' },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'components', pattern: 'src/components' },
        { type: 'boot', pattern: 'src/boot' },
        { type: 'testing', pattern: 'src/testing' },
      ],
      // Dynamic imports are dependencies too (lazy routes, deferred menus).
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
      // Import circles (route table ↔ pages, menus ↔ their triggers) hid a dependency in both directions.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'feature', captured: { feature: '!{{from.element.captured.feature}}' } } } },
              message: FEATURE_RULE,
            },
            {
              from: { element: { types: { anyOf: ['lib', 'components'] } } },
              disallow: { to: { element: { type: 'feature' } } },
              message: SHARED_RULE,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['vite.config.ts', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
)

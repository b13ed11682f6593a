import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ICON_CATEGORIES, isKnownIcon } from './project-icons'

const src = path.resolve(__dirname, '../../..')

describe('the project icon catalogue', () => {
  const names = ICON_CATEGORIES.flatMap((c) => c.icons)

  it('has about 20 categories and no icon twice', () => {
    expect(ICON_CATEGORIES).toHaveLength(20)
    expect(new Set(names).size).toBe(names.length)
    expect(names.every(isKnownIcon)).toBe(true)
  })

  // vite.config.ts keeps all six weights of these icons wherever they are
  // imported: used elsewhere, they would grow that screen's bundle.
  it('shares no icon with the rest of the app except the default, Folder', () => {
    const used = new Map<string, string>()
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || file.endsWith('project-icons.ts') || file.includes('.test.')) continue
      const code = readFileSync(path.join(src, file), 'utf8')
      for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@phosphor-icons\/react'/g)) {
        for (const name of (m[1] ?? '').split(',').map((s) => s.replace(/^type\s+/, '').trim())) used.set(name, file)
      }
    }
    expect(names.filter((n) => n !== 'Folder' && used.has(n)).map((n) => `${n} in ${used.get(n)}`)).toEqual([])
  })
})

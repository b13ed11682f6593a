import { describe, expect, it } from 'vitest'
import { type Command, filterCommands } from './commands'

const noop = () => undefined
const commands: Command[] = [
  { id: 'a', label: 'Toggle dark mode', group: 'Appearance', keywords: ['theme'], run: noop },
  { id: 'b', label: 'Go to notes', group: 'Navigation', run: noop },
  { id: 'c', label: 'Hidden', group: 'General', enabled: () => false, run: noop },
]

describe('filterCommands', () => {
  it('matches every word against label, group and keywords', () => {
    expect(filterCommands(commands, 'theme dark').map((c) => c.id)).toEqual(['a'])
    expect(filterCommands(commands, 'navigation').map((c) => c.id)).toEqual(['b'])
  })

  it('leaves out disabled commands', () => {
    expect(filterCommands(commands, '').map((c) => c.id)).toEqual(['a', 'b'])
  })
})

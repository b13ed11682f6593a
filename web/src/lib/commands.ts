import type { Shortcut } from './shortcuts'

export type CommandGroup = 'Navigation' | 'General' | 'Tasks' | 'Focus' | 'Appearance' | 'Account' | 'Help'

/**
 * One user command: what it is called, how it is reached from the keyboard,
 * when it applies and what it does. Shortcuts, menus, the shortcuts help
 * and the command palette are all built from a list of these.
 */
export type Command = {
  id: string
  label: string
  group: CommandGroup
  shortcuts?: readonly Shortcut[]
  /** Extra words the command palette matches. */
  keywords?: readonly string[]
  /** When false the command is hidden and its shortcut does nothing. */
  enabled?: () => boolean
  run: () => void
}

export function isEnabled(command: Command): boolean {
  return command.enabled ? command.enabled() : true
}

/** Case-insensitive match of every word of the query against label, group and keywords. */
export function filterCommands(commands: readonly Command[], query: string): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  return commands.filter((c) => {
    if (!isEnabled(c)) return false
    const haystack = [c.label, c.group, ...(c.keywords ?? [])].join(' ').toLowerCase()
    return words.every((w) => haystack.includes(w))
  })
}

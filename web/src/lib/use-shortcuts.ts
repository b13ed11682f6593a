import { useLayoutEffect, useRef } from 'react'
import { registeredCommands, useCommandRegistry } from './command-registry'
import { type Command, isEnabled } from './commands'
import { ShortcutMatcher, isMacPlatform, isTypingTarget } from './shortcuts'

/**
 * Runs the command whose shortcut a key press on the window completes:
 * among commands (the shell's own) and those the screens on show have
 * registered, read at the key press (not from the caller's last render),
 * so a screen's shortcuts work as soon as it is committed.
 */
export function useCommandShortcuts(commands: readonly Command[]): void {
  const latest = useRef(commands)
  latest.current = commands

  // Listening from the commit that mounts the caller, before the paint: a
  // key pressed once the screen shows is never lost to a passive effect
  // that a busy machine runs late (CI, 2026-11-28).
  useLayoutEffect(() => {
    const matcher = new ShortcutMatcher(isMacPlatform())
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return
      const all = [...latest.current, ...registeredCommands(useCommandRegistry.getState().byOwner)]
      const active = all.filter((c) => c.shortcuts?.length && isEnabled(c))
      const i = matcher.match(
        e,
        active.map((c) => c.shortcuts ?? []),
        isTypingTarget(e.target),
      )
      const command = active[i]
      if (!command) return
      e.preventDefault()
      command.run()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}

import { useEffect, useRef } from 'react'
import { type Command, isEnabled } from './commands'
import { ShortcutMatcher, isMacPlatform, isTypingTarget } from './shortcuts'

/** Runs the command whose shortcut a key press on the window completes. */
export function useCommandShortcuts(commands: readonly Command[]): void {
  const latest = useRef(commands)
  latest.current = commands

  useEffect(() => {
    const matcher = new ShortcutMatcher(isMacPlatform())
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return
      const active = latest.current.filter((c) => c.shortcuts?.length && isEnabled(c))
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

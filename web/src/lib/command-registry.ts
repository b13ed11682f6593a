import { useLayoutEffect } from 'react'
import { create } from 'zustand'
import type { Command } from './commands'

type RegistryState = {
  /** Commands registered by what is on screen, by owner. */
  byOwner: ReadonlyMap<string, readonly Command[]>
  set: (owner: string, commands: readonly Command[]) => void
  clear: (owner: string) => void
}

/**
 * Commands that exist only while a screen is shown (the task routes' "add
 * task at the bottom", say). The signed-in shell joins them to its own, so
 * one list still feeds the shortcuts, the shortcuts help and the command
 * palette (STYLE: commands are data).
 */
export const useCommandRegistry = create<RegistryState>()((set, get) => ({
  byOwner: new Map(),
  set: (owner, commands) => set({ byOwner: new Map(get().byOwner).set(owner, commands) }),
  clear: (owner) => {
    const next = new Map(get().byOwner)
    next.delete(owner)
    set({ byOwner: next })
  },
}))

/**
 * Registers commands under owner while the calling component is mounted.
 * In the commit that mounts it, before the browser paints: what a screen
 * shows answers its shortcuts from the first frame (a passive effect can
 * run long after the paint on a busy machine, and a key pressed meanwhile
 * was lost).
 */
export function useRegisterCommands(owner: string, commands: readonly Command[]): void {
  useLayoutEffect(() => {
    useCommandRegistry.getState().set(owner, commands)
    return () => useCommandRegistry.getState().clear(owner)
  }, [owner, commands])
}

/** Every registered command, in registration order. */
export function registeredCommands(byOwner: ReadonlyMap<string, readonly Command[]>): Command[] {
  return [...byOwner.values()].flat()
}

import { act, useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, expect, test, vi } from 'vitest'
import { useCommandRegistry, useRegisterCommands } from './command-registry'
import type { Command } from './commands'
import { useCommandShortcuts } from './use-shortcuts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const add = vi.fn()
const SCREEN_COMMANDS: Command[] = [{ id: 'add', label: 'Add', group: 'Tasks', shortcuts: [{ key: 'a' }], run: add }]
const shell: Command[] = []

function Screen() {
  useRegisterCommands('screen', SCREEN_COMMANDS)
  return <h1>Inbox</h1>
}

afterEach(() => {
  add.mockReset()
  useCommandRegistry.setState({ byOwner: new Map() })
})

test("a screen's commands are registered in the commit that shows it, before its passive effects", async () => {
  // A sibling's layout effect after the screen's runs in the same commit,
  // before the paint: what it finds is what a key press right after the
  // first frame finds.
  let seen: string[] = []
  function AfterScreen() {
    useLayoutEffect(() => {
      seen = [...(useCommandRegistry.getState().byOwner.get('screen') ?? [])].map((c) => c.id)
    }, [])
    return null
  }
  const root = createRoot(document.createElement('div'))
  await act(async () => {
    root.render(
      <>
        <Screen />
        <AfterScreen />
      </>,
    )
  })
  expect(seen).toEqual(['add'])
  await act(async () => root.unmount())
  expect(useCommandRegistry.getState().byOwner.has('screen')).toBe(false)
})

test("a key press runs a registered command without waiting for the shell's render", async () => {
  // The shell renders once, before the screen registers anything, and is not
  // rendered again: the handler must read the registry at the key press.
  function Shell() {
    useCommandShortcuts(shell)
    return null
  }
  const root = createRoot(document.createElement('div'))
  await act(async () => root.render(<Shell />))
  const screenRoot = createRoot(document.createElement('div'))
  await act(async () => screenRoot.render(<Screen />))
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true }))
  expect(add).toHaveBeenCalledTimes(1)
  await act(async () => screenRoot.unmount())
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true }))
  expect(add).toHaveBeenCalledTimes(1)
  await act(async () => root.unmount())
})

test('the shell listens from the commit that mounts it, before its passive effects', async () => {
  // A key pressed in the first frame: dispatched from a layout effect of the
  // same commit, after the shell's and the screen's (a sibling after them).
  function PressA() {
    useLayoutEffect(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true }))
    }, [])
    return null
  }
  function Shell() {
    useCommandShortcuts(shell)
    return <Screen />
  }
  const root = createRoot(document.createElement('div'))
  await act(async () =>
    root.render(
      <>
        <Shell />
        <PressA />
      </>,
    ),
  )
  expect(add).toHaveBeenCalledTimes(1)
  await act(async () => root.unmount())
})

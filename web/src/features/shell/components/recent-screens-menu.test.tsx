import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useNavHistoryStore } from '../stores/nav-history-store'
import { useShellStore } from '../stores/shell-store'
import RecentScreensMenu, { RECENT_SELECTION_DELAY_MS } from './recent-screens-menu'

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>
}

function renderMenu() {
  return render(
    <MemoryRouter initialEntries={['/app/matrix']}>
      <RecentScreensMenu defaultOpen={false} openedWithKeyboard={false} />
      <Where />
    </MemoryRouter>,
  )
}

const trigger = () => screen.getByRole('button', { name: 'Recent screens' })
/** Ctrl+Shift+L goes through the store (use-app-commands.ts), as here. */
const pressCtrlShiftL = () => act(() => useShellStore.getState().setRecentOpen(true))

// The 1500 ms of 001 §2 ("a 1500 ms delay shown on selection"), on a fake
// clock: the screen changes at once, then the menu stays shut and its trigger
// busy for exactly RECENT_SELECTION_DELAY_MS (docs/decisions.md).
describe('recent screens menu: the delay after a pick', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    useNavHistoryStore.setState({ entries: ['/app/tasks', '/app/notes', '/app/matrix'], index: 2 })
    useShellStore.setState({ recentOpen: false })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('lists the other screens, newest first, and says when there are none', () => {
    renderMenu()
    pressCtrlShiftL()
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Notes/app/notes', 'Tasks/app/tasks'])
    act(() => useShellStore.getState().setRecentOpen(false))
    act(() => useNavHistoryStore.setState({ entries: ['/app/matrix'], index: 0 }))
    pressCtrlShiftL()
    expect(screen.getByRole('menuitem', { name: 'No recent screens' })).toHaveAttribute('aria-disabled', 'true')
  })

  it('navigates at once, then stays shut and busy for 1500 ms', () => {
    expect(RECENT_SELECTION_DELAY_MS).toBe(1500)
    renderMenu()
    pressCtrlShiftL()
    fireEvent.click(screen.getByRole('menuitem', { name: /\/app\/notes/ }))
    // The screen changed without waiting.
    expect(screen.getByRole('status', { name: 'path' })).toHaveTextContent('/app/notes')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(trigger()).toHaveAttribute('aria-busy', 'true')

    // Ctrl+Shift+L while settling is dropped, not queued.
    act(() => vi.advanceTimersByTime(RECENT_SELECTION_DELAY_MS - 1))
    pressCtrlShiftL()
    expect(screen.queryByRole('menu')).toBeNull()
    expect(useShellStore.getState().recentOpen).toBe(false)
    expect(trigger()).toHaveAttribute('aria-busy', 'true')

    // At 1500 ms the trigger is idle, and the dropped request did not pop the menu open.
    act(() => vi.advanceTimersByTime(1))
    expect(trigger()).not.toHaveAttribute('aria-busy')
    expect(screen.queryByRole('menu')).toBeNull()

    // Now it opens again.
    pressCtrlShiftL()
    expect(screen.getByRole('menu')).toBeInTheDocument()
  })

  it('a click on the trigger while settling does not open it', () => {
    renderMenu()
    pressCtrlShiftL()
    fireEvent.click(screen.getByRole('menuitem', { name: /\/app\/tasks/ }))
    act(() => vi.advanceTimersByTime(500))
    fireEvent.pointerDown(trigger(), { button: 0, ctrlKey: false, pointerType: 'mouse' })
    fireEvent.keyDown(trigger(), { key: 'Enter' })
    expect(screen.queryByRole('menu')).toBeNull()
    act(() => vi.advanceTimersByTime(1000))
    fireEvent.keyDown(trigger(), { key: 'Enter' })
    expect(screen.getByRole('menu')).toBeInTheDocument()
  })
})

import { describe, expect, it } from 'vitest'
import { getCookie } from '@/lib/cookies'
import { SIDEBAR_COOKIE, useSidebarStore } from './sidebar-store'

describe('sidebar store', () => {
  it('keeps the desktop sidebar state in a cookie', () => {
    useSidebarStore.setState({ open: true })
    useSidebarStore.getState().toggle(false)
    expect(useSidebarStore.getState().open).toBe(false)
    expect(getCookie(SIDEBAR_COOKIE)).toBe('false')
  })

  it('opens the drawer on mobile without touching the cookie', () => {
    useSidebarStore.getState().setOpen(true)
    useSidebarStore.setState({ mobileOpen: false })
    useSidebarStore.getState().toggle(true)
    expect(useSidebarStore.getState()).toMatchObject({ mobileOpen: true, open: true })
    expect(getCookie(SIDEBAR_COOKIE)).toBe('true')
  })
})

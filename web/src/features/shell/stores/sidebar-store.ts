import { create } from 'zustand'
import { getCookie, setCookie } from '@/lib/cookies'

/** The sidebar state is kept in a cookie lasting 7 days (spec 000 §2). */
export const SIDEBAR_COOKIE = 'sidebar_state'
export const SIDEBAR_COOKIE_MAX_AGE = 7 * 24 * 60 * 60

type SidebarState = {
  /** Module sidebar shown on wide screens. */
  open: boolean
  /** Drawer shown on screens up to 768 px. */
  mobileOpen: boolean
  setOpen: (open: boolean) => void
  setMobileOpen: (open: boolean) => void
  /** Ctrl/Cmd+B and m: the drawer on mobile, the module sidebar otherwise. */
  toggle: (isMobile: boolean) => void
}

function readCookie(): boolean {
  if (typeof document === 'undefined') return true
  return getCookie(SIDEBAR_COOKIE) !== 'false'
}

export const useSidebarStore = create<SidebarState>()((set, get) => ({
  open: readCookie(),
  mobileOpen: false,
  setOpen: (open) => {
    setCookie(SIDEBAR_COOKIE, String(open), SIDEBAR_COOKIE_MAX_AGE)
    set({ open })
  },
  setMobileOpen: (mobileOpen) => set({ mobileOpen }),
  toggle: (isMobile) => {
    if (isMobile) set({ mobileOpen: !get().mobileOpen })
    else get().setOpen(!get().open)
  },
}))

import { useQueryClient } from '@tanstack/react-query'
import { Suspense, lazy, memo, useEffect, useMemo, useState } from 'react'
import { Outlet } from 'react-router'
import { OptionalPart } from '@/components/errors/optional-part'
import { PageSpinner } from '@/components/ui/spinner'
import { useRequiredUser } from '@/lib/auth-store'
import { registeredCommands, useCommandRegistry } from '@/lib/command-registry'
import type { Command } from '@/lib/commands'
import { prepareToasts } from '@/lib/toast'
import { whenSettled } from '@/lib/when-settled'
import { useCommandShortcuts } from '@/lib/use-shortcuts'
import { useSignOut } from '@/features/auth/api/sign-out'
import { GuestBanner } from '@/features/auth/components/guest-banner'
import { notificationsQueryOptions } from '@/features/notifications/api/notifications'
import { NotificationBell } from '@/features/notifications/components/notification-bell'
import { useNotificationPermission } from '@/features/notifications/hooks/use-notification-permission'
import { subscriptionsQueryOptions } from '@/features/billing/api/get-subscriptions'
import { usePaywallStore } from '@/features/billing/stores/paywall-store'
import { UpgradeButton } from '@/features/billing/components/upgrade-button'
import { usePlan } from '@/features/billing/hooks/use-plan'
import { useChangelogStore } from '@/features/changelog/stores/changelog-store'
import { DEBUG_INFO_EVENT, useDebugDialog } from '@/features/debug/stores/debug-store'
import { isInternalUser } from '@/features/debug/utils/internal'
import { useExperimentsDialog } from '@/features/experiments/stores/experiments-store'
import { activeSessionQueryOptions } from '@/features/pomodoro/api/get-active-session'
import { FocusRunner } from '@/features/pomodoro/components/focus-runner'
import { FocusHeaderChip } from '@/features/pomodoro/components/header-chip'
import { FocusRailProgress } from '@/features/pomodoro/components/rail-progress'
import { recentSearchesQueryOptions } from '@/features/shell/api/recent-searches'
import { AppShell } from '@/features/shell/components/app-shell'
import { useShellStore } from '@/features/shell/stores/shell-store'
import { useQuickAddStore } from '@/features/tasks/stores/quick-add-store'
import { MfaGate } from '@/features/two-factor/components/mfa-gate'
import { requiredCheckPrefetch } from '@/features/two-factor/hooks/use-assurance'
import { appearanceQueryOptions, useAppearance } from '@/features/theme/api/appearance'
import { useDarkSidebar } from '@/features/theme/hooks/use-apply-theme'
import type { Prefetch } from '@/lib/prefetch'
import { AccountMenu } from './account-menu'
import { HelpMenu } from './help-menu'
import { LAZY_MODULE_SIDEBARS } from './lazy-module-sidebars'
import { RequireAuth } from './require-auth'
import { useAppCommands } from './use-app-commands'

// Dialogs are loaded the first time they open: none is needed to show the app.
const QuickAddDialog = lazy(() =>
  import('@/features/tasks/components/quick-add-dialog').then((m) => ({ default: m.QuickAddDialog })),
)
const PaywallDialog = lazy(() =>
  import('@/features/billing/components/paywall-dialog').then((m) => ({ default: m.PaywallDialog })),
)
const SearchPalette = lazy(() => import('./search-palette').then((m) => ({ default: m.SearchPalette })))
const ShortcutsDialog = lazy(() =>
  import('@/features/shell/components/shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
)
const ChangelogDialog = lazy(() => import('@/features/changelog/components/changelog-dialog'))
const ExperimentsDialog = lazy(() => import('@/features/experiments/components/experiments-dialog'))
const DebugInfoDialog = lazy(() => import('@/features/debug/components/debug-info-dialog'))
// The offline app's shell part (issue 26: the header's indicator, the replay
// on reconnect and its conflicts, the saved cache) loads once the first
// screen is idle, or at once offline: online with nothing queued the
// indicator draws nothing, so the first screen does not wait for its code.
const loadOffline = () => import('./offline-status')
const OfflineStatus = lazy(() => loadOffline().then((m) => ({ default: m.OfflineStatus })))
const OfflineSync = lazy(() =>
  loadOffline().then((m) => ({
    default: function OfflineSync({ userId }: { userId: string }) {
      m.useOfflineSync(userId)
      return null
    },
  })),
)

/**
 * Whether the offline code may load: once the page is idle, or as soon as
 * the browser is offline. A plain idle callback, not whenSettled: the queue
 * must be listening before the user can go offline, and a connection lost
 * right after the first screen (its chunk then loading late) let an edit
 * made offline skip the queue and overwrite a newer one on reconnect.
 */
function useOfflineReady(): boolean {
  const [ready, setReady] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine)
  useEffect(() => {
    if (ready) return
    // The import starts here, not from the render that follows: the chunk is
    // the idle callback's (bundle.spec.ts counts it apart from the first screen).
    const go = () => {
      void loadOffline()
      setReady(true)
    }
    window.addEventListener('offline', go)
    const id = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(go, { timeout: 3000 }) : window.setTimeout(go, 1000)
    return () => {
      window.removeEventListener('offline', go)
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(id)
      else window.clearTimeout(id)
    }
  }, [ready])
  return ready
}

/**
 * The debug information dialog (002 §6) opens on a window event, for
 * internal users only (features/debug/utils/internal.ts).
 */
function useDebugInfoEvent() {
  const user = useRequiredUser()
  useEffect(() => {
    const open = () => {
      if (isInternalUser(user)) useDebugDialog.getState().setOpen(true)
    }
    window.addEventListener(DEBUG_INFO_EVENT, open)
    return () => window.removeEventListener(DEBUG_INFO_EVENT, open)
  }, [user])
}

/** The debug dialog with the plan, which the billing feature knows. */
function DebugInfo() {
  const { plan } = usePlan()
  return <DebugInfoDialog extra={[['Plan', plan]]} />
}

/**
 * A cap hit while adding a task replaces the quick add dialog with the
 * paywall: the task cannot be added, and two stacked modals would leave
 * the plans page behind an inert dialog after 'See plans'.
 */
function usePaywallClosesQuickAdd() {
  const paywallOpen = usePaywallStore((s) => s.open)
  useEffect(() => {
    if (paywallOpen) useQuickAddStore.getState().setOpen(false)
  }, [paywallOpen])
}

/**
 * The dark sidebar preference, applied as a class on <html>. A component of
 * its own: its query answering (after the first paint) re-renders nothing else.
 */
function DarkSidebarPreference() {
  useDarkSidebar(useAppearance(useRequiredUser().id, 'darkSidebarInLightMode'))
  return null
}

/**
 * The shell's commands and those of the screen on show (lib/command-registry.ts),
 * for the palette and the shortcuts help while one is open. Read here, not by
 * the shell: a screen registering its commands (before its first paint) does
 * not render the whole shell again.
 */
function useCommands(app: readonly Command[]): Command[] {
  const byOwner = useCommandRegistry((s) => s.byOwner)
  return useMemo(() => [...app, ...registeredCommands(byOwner)], [app, byOwner])
}

function Palette({ app, onOpenChange }: { app: readonly Command[]; onOpenChange: (open: boolean) => void }) {
  return <SearchPalette open onOpenChange={onOpenChange} commands={useCommands(app)} />
}

function Shortcuts({ app, onOpenChange }: { app: readonly Command[]; onOpenChange: (open: boolean) => void }) {
  return <ShortcutsDialog open onOpenChange={onOpenChange} commands={useCommands(app)} />
}

/** The focus timer's progress under the rail's Pomodoro icon (000 §2). */
const RAIL_ADDONS = { pomodoro: <FocusRailProgress /> }

/** Toasts ready once the app has settled (lib/toast.ts: a first toast may come offline). */
function usePreparedToasts() {
  const queryClient = useQueryClient()
  useEffect(() => whenSettled(queryClient, () => void prepareToasts(), 5000), [queryClient])
}

function SignedInApp() {
  const commands = useAppCommands()
  usePreparedToasts()
  usePaywallClosesQuickAdd()
  useCommandShortcuts(commands)
  useNotificationPermission()
  useDebugInfoEvent()
  const userId = useRequiredUser().id
  const offlineReady = useOfflineReady()
  const { paletteOpen, shortcutsOpen, setPaletteOpen, setShortcutsOpen } = useShellStore()
  const changelogOpen = useChangelogStore((s) => s.open !== null)
  const experimentsOpen = useExperimentsDialog((s) => s.open)
  const debugOpen = useDebugDialog((s) => s.open)
  const quickAddOpen = useQuickAddStore((s) => s.open)
  const paywallOpen = usePaywallStore((s) => s.open)

  // The same elements while none of these change: the shell (memoized)
  // then skips a change of the page's query, which only the screen under
  // <Outlet /> and the links read (app-shell.tsx).
  const headerActions = useMemo(
    () => (
      <>
        {offlineReady ? (
          <OptionalPart name="The offline indicator">
            <Suspense fallback={null}>
              <OfflineStatus />
            </Suspense>
          </OptionalPart>
        ) : null}
        <FocusHeaderChip />
        <UpgradeButton />
        <NotificationBell />
        <HelpMenu />
        <AccountMenu />
      </>
    ),
    [offlineReady],
  )
  const content = useMemo(
    () => (
      <>
        <GuestBanner />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
        <DarkSidebarPreference />
        {offlineReady ? (
          <OptionalPart name="The offline queue">
            <Suspense fallback={null}>
              <OfflineSync userId={userId} />
            </Suspense>
          </OptionalPart>
        ) : null}
        <FocusRunner />
        <Suspense fallback={null}>
          {quickAddOpen ? <QuickAddDialog /> : null}
          {paywallOpen ? <PaywallDialog /> : null}
          {paletteOpen ? <Palette app={commands} onOpenChange={setPaletteOpen} /> : null}
          {shortcutsOpen ? <Shortcuts app={commands} onOpenChange={setShortcutsOpen} /> : null}
          {changelogOpen ? <ChangelogDialog /> : null}
          {experimentsOpen ? <ExperimentsDialog /> : null}
          {debugOpen ? <DebugInfo /> : null}
        </Suspense>
      </>
    ),
    [offlineReady, userId, quickAddOpen, paywallOpen, paletteOpen, shortcutsOpen, changelogOpen, experimentsOpen, debugOpen, setPaletteOpen, setShortcutsOpen, commands],
  )

  return (
    <AppShell sidebars={LAZY_MODULE_SIDEBARS} railAddons={RAIL_ADDONS} headerActions={headerActions}>
      {content}
    </AppShell>
  )
}

/** Memoized: the route re-renders on every navigation, the gate's subtree only on its own state. */
const Gate = memo(function Gate() {
  const signOut = useSignOut()
  return (
    <MfaGate onSignOut={() => signOut.mutate()}>
      <SignedInApp />
    </MfaGate>
  )
})

/**
 * The shell's first queries: the plan (Upgrade button), the dark sidebar
 * preference, the notifications (bell), the running focus session (header
 * chip, rail), the recent searches (search box) and the gate's settings
 * check. Asked together before anything renders, they are answered before
 * the page's own data, not one by one in the middle of its first screen.
 */
export const prefetch: Prefetch = (userId, session) => [
  subscriptionsQueryOptions(userId),
  appearanceQueryOptions(userId, 'darkSidebarInLightMode'),
  notificationsQueryOptions(userId),
  activeSessionQueryOptions(userId),
  recentSearchesQueryOptions(userId),
  ...requiredCheckPrefetch(session),
]

/** /app/*: signed in, second factor answered, then the shell. */
export default function AppLayout() {
  return (
    <RequireAuth>
      <Gate />
    </RequireAuth>
  )
}

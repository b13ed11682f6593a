import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useNavigate } from 'react-router'
import { isAdmin, useAuthStore, useRequiredUser } from '@/lib/auth-store'
import type { Command } from '@/lib/commands'
import { MOBILE_QUERY, matchesNow } from '@/lib/use-media-query'
import { useSignOut } from '@/features/auth/api/sign-out'
import { useChangelogStore } from '@/features/changelog/stores/changelog-store'
import { useDebugDialog } from '@/features/debug/stores/debug-store'
import { isInternalUser } from '@/features/debug/utils/internal'
import { useExperimentsDialog } from '@/features/experiments/stores/experiments-store'
import { useConsentStore } from '@/features/privacy/stores/consent-store'
import { useNavHistoryStore } from '@/features/shell/stores/nav-history-store'
import { useShellStore } from '@/features/shell/stores/shell-store'
import { useSidebarStore } from '@/features/shell/stores/sidebar-store'
import { useQuickAddStore } from '@/features/tasks/stores/quick-add-store'
import { DARK_QUERY } from '@/features/theme/hooks/use-resolved-theme'
import { useThemeStore } from '@/features/theme/stores/theme-store'
import { useSyncNow } from './use-sync-now'

/**
 * Every command of the signed-in app, as data (STYLE: commands are data).
 * Shortcuts follow spec 001 §9; Shift+D (toggle dark mode) is Daybase's own.
 */
export function useAppCommands(): Command[] {
  const navigate = useNavigate()
  const { mutate: signOut } = useSignOut()
  const syncNow = useSyncNow()
  const queryClient = useQueryClient()
  const user = useRequiredUser()
  const userId = user.id
  const internal = isInternalUser(user)

  return useMemo(() => {
    const go = (to: string) => () => navigate(to)
    const shell = useShellStore.getState()
    const theme = useThemeStore.getState()
    const nav: Command[] = [
      { id: 'go-dashboard', label: 'Go to dashboard', group: 'Navigation', shortcuts: [{ key: 'h' }], run: go('/app') },
      { id: 'go-tasks', label: 'Go to tasks', group: 'Navigation', shortcuts: [{ sequence: ['g', 't'] }], run: go('/app/tasks') },
      {
        id: 'go-inbox',
        label: 'Go to inbox',
        group: 'Navigation',
        shortcuts: [{ sequence: ['g', 'i'] }],
        run: go('/app/tasks?view=inbox'),
      },
      {
        id: 'go-upcoming',
        label: 'Go to upcoming',
        group: 'Navigation',
        shortcuts: [{ sequence: ['g', 'u'] }],
        run: go('/app/tasks?view=upcoming'),
      },
      { id: 'go-projects', label: 'Go to projects', group: 'Navigation', shortcuts: [{ sequence: ['g', 'p'] }], run: go('/app/tasks') },
      { id: 'go-matrix', label: 'Go to Eisenhower Matrix', group: 'Navigation', run: go('/app/matrix') },
      { id: 'go-calendar', label: 'Go to Calendar', group: 'Navigation', run: go('/app/calendar') },
      { id: 'go-notes', label: 'Go to notes', group: 'Navigation', shortcuts: [{ key: 'n' }], run: go('/app/notes') },
      { id: 'go-journal', label: 'Go to journal', group: 'Navigation', shortcuts: [{ key: 'j' }], run: go('/app/journal') },
      { id: 'go-pomodoro', label: 'Go to Pomodoro', group: 'Navigation', run: go('/app/pomodoro') },
      { id: 'go-teams', label: 'Go to teams', group: 'Navigation', run: go('/app/teams') },
      { id: 'go-notifications', label: 'Go to notifications', group: 'Navigation', run: go('/app/notifications') },
      { id: 'go-activity', label: 'Go to activity log', group: 'Navigation', run: go('/app/activity') },
      { id: 'go-settings', label: 'Go to settings', group: 'Navigation', shortcuts: [{ sequence: ['o', 's'] }], run: go('/app/settings') },
      { id: 'go-billing', label: 'Go to plans and billing', group: 'Navigation', keywords: ['upgrade', 'pro'], run: go('/app/settings/billing') },
      { id: 'go-security', label: 'Go to security settings', group: 'Navigation', keywords: ['2fa', 'password'], run: go('/app/settings/security') },
      {
        id: 'go-sql-console',
        label: 'Go to SQL console',
        group: 'Navigation',
        keywords: ['admin', 'database', 'query'],
        enabled: () => isAdmin(useAuthStore.getState().user),
        run: go('/app/admin/sql'),
      },
    ]
    const general: Command[] = [
      {
        id: 'quick-add',
        label: 'Quick add task',
        group: 'General',
        shortcuts: [{ key: 'q' }],
        run: () => useQuickAddStore.getState().setOpen(true),
      },
      {
        id: 'command-palette',
        label: 'Search and commands',
        group: 'General',
        shortcuts: [{ key: 'k', mod: true }, { key: '/' }, { key: 'f' }],
        run: () => shell.setPaletteOpen(true),
      },
      {
        id: 'toggle-sidebar',
        label: 'Toggle sidebar',
        group: 'General',
        shortcuts: [{ key: 'b', mod: true }, { key: 'm' }],
        run: () => useSidebarStore.getState().toggle(matchesNow(MOBILE_QUERY)),
      },
      {
        id: 'history-back',
        label: 'Back',
        group: 'General',
        shortcuts: [{ key: '[', mod: true }],
        run: () => {
          const to = useNavHistoryStore.getState().back()
          if (to) navigate(to)
        },
      },
      {
        id: 'history-forward',
        label: 'Forward',
        group: 'General',
        shortcuts: [{ key: ']', mod: true }],
        run: () => {
          const to = useNavHistoryStore.getState().forward()
          if (to) navigate(to)
        },
      },
      {
        id: 'recent-screens',
        label: 'Recent screens',
        group: 'General',
        shortcuts: [{ key: 'l', mod: true, shift: true }],
        run: () => shell.setRecentOpen(true),
      },
      { id: 'sync-now', label: 'Sync now', group: 'General', run: syncNow },
      { id: 'print', label: 'Print', group: 'General', keywords: ['pdf'], run: () => window.print() },
      {
        id: 'experiments',
        label: 'Latest experiments',
        group: 'General',
        keywords: ['labs', 'beta', 'features'],
        run: () => useExperimentsDialog.getState().setOpen(true),
      },
    ]
    // The timer's code loads on the first press (features/pomodoro/api/focus-commands.ts).
    const focus = (name: 'toggle' | 'pause' | 'stop' | 'skip') => () =>
      void import('@/features/pomodoro/api/focus-commands').then((m) => m[name]({ queryClient, userId }))
    const timer: Command[] = [
      {
        id: 'focus-toggle',
        label: 'Start or pause the focus timer',
        group: 'Focus',
        keywords: ['pomodoro', 'timer', 'resume'],
        shortcuts: [{ key: 'p', ctrl: true }],
        run: focus('toggle'),
      },
      { id: 'focus-pause', label: 'Pause the focus timer', group: 'Focus', keywords: ['pomodoro', 'resume'], shortcuts: [{ key: 'p', ctrl: true, shift: true }], run: focus('pause') },
      { id: 'focus-stop', label: 'Stop the focus timer', group: 'Focus', keywords: ['pomodoro', 'cancel'], shortcuts: [{ key: 'p', ctrl: true, alt: true }], run: focus('stop') },
      { id: 'focus-skip', label: 'Skip to the next session', group: 'Focus', keywords: ['pomodoro', 'break'], shortcuts: [{ key: 'n', ctrl: true, shift: true }], run: focus('skip') },
    ]
    const appearance: Command[] = [
      {
        id: 'toggle-theme',
        label: 'Toggle dark mode',
        group: 'Appearance',
        keywords: ['theme', 'light', 'dark'],
        shortcuts: [{ key: 'd', shift: true }],
        run: () => theme.toggle(matchesNow(DARK_QUERY)),
      },
      { id: 'theme-light', label: 'Use light theme', group: 'Appearance', run: () => theme.setMode('light') },
      { id: 'theme-dark', label: 'Use dark theme', group: 'Appearance', run: () => theme.setMode('dark') },
      { id: 'theme-system', label: 'Use system theme', group: 'Appearance', run: () => theme.setMode('system') },
    ]
    const account: Command[] = [{ id: 'sign-out', label: 'Log out', group: 'Account', keywords: ['sign out'], run: () => signOut() }]
    const help: Command[] = [
      {
        id: 'shortcuts',
        label: 'Keyboard shortcuts',
        group: 'Help',
        shortcuts: [{ key: '?' }],
        run: () => shell.setShortcutsOpen(true),
      },
      { id: 'help-center', label: 'Help center', group: 'Help', run: go('/app/help') },
      { id: 'whats-new', label: "What's new", group: 'Help', keywords: ['release', 'news'], run: () => useChangelogStore.getState().show('whats-new') },
      { id: 'changelog', label: 'Changelog', group: 'Help', keywords: ['release', 'history'], run: () => useChangelogStore.getState().show('changelog') },
      {
        id: 'debug-info',
        label: 'Debug information',
        group: 'Help',
        keywords: ['support', 'diagnostics'],
        enabled: () => internal,
        run: () => useDebugDialog.getState().setOpen(true),
      },
      {
        id: 'privacy-choices',
        label: 'Privacy choices',
        group: 'Help',
        keywords: ['consent', 'cookies'],
        run: () => useConsentStore.getState().setDialogOpen(true),
      },
    ]
    return [...nav, ...general, ...timer, ...appearance, ...account, ...help]
  }, [navigate, signOut, syncNow, queryClient, userId, internal])
}

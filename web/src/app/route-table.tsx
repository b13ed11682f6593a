import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import type { DataRouter, LoaderFunction, RouteObject } from 'react-router'
import { NotFound } from '@/components/errors/not-found'
import { RouteError } from '@/components/errors/route-error'
import { useAuthStore } from '@/lib/auth-store'
import { bootPage } from '@/lib/boot'
import type { Prefetch } from '@/lib/prefetch'
import { preloadModuleSidebars } from './layout/lazy-module-sidebars'
import { RootLayout } from './layout/root-layout'

export type { Prefetch }

type Page = () => Promise<{ default: ComponentType; prefetch?: Prefetch }>

/** Resolves once a component observes the query (it has rendered and subscribed). */
function observed(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const cache = queryClient.getQueryCache()
  const query = cache.find({ queryKey, exact: true })
  if (!query || query.getObserversCount() > 0) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = cache.subscribe((event) => {
      if (event.type !== 'observerAdded' || event.query !== query) return
      unsubscribe()
      resolve()
    })
  })
}

/**
 * Starts a page's prefetch queries, never waited for. When the page started
 * from prerendered markup, an answer lands in the cache only once a
 * component observes its query: one that has not rendered yet may still be
 * hydrating (React hydrates each Suspense boundary of a prerendered page in
 * a pass of its own), and must then render the query loading, as it was
 * prerendered. Otherwise it lands at once: a component that renders after it
 * renders with it, instead of rendering again when it lands (docs/notes/issue-18n.md).
 */
export function prefetchLoader(queryClient: QueryClient, prefetch: Prefetch): LoaderFunction {
  return () => {
    const { user, session } = useAuthStore.getState()
    if (!user || !session) return null
    for (const query of prefetch(user.id, session)) {
      // Each is a queryOptions() result, so a FetchQueryOptions of its own types.
      const { queryFn, ...rest } = query as FetchQueryOptions
      if (typeof queryFn !== 'function') continue
      void queryClient.prefetchQuery({
        ...rest,
        queryFn: async (context) => {
          try {
            return await queryFn(context)
          } finally {
            if (bootPage()) await observed(queryClient, context.queryKey)
          }
        },
      })
    }
    return null
  }
}

/**
 * One page with its own error boundary, its module loaded by the router
 * before the page renders (route.lazy): a navigation keeps the current page
 * until the next one can render whole, and no Suspense fallback is shown
 * and throttled in between (React holds a boundary's content back up to
 * 300 ms after its fallback appeared). A module that fails to load shows the
 * route's error element.
 */
function pageWith(queryClient: QueryClient) {
  return (path: string | undefined, load: Page, children?: RouteObject[]): RouteObject => {
    const base = {
      lazy: async () => {
        const { default: Component, prefetch } = await load()
        return prefetch ? { Component, loader: prefetchLoader(queryClient, prefetch) } : { Component }
      },
      errorElement: <RouteError />,
    }
    if (children) return path === undefined ? { ...base, children } : { ...base, path, children }
    return path === undefined ? { ...base, index: true } : { ...base, path }
  }
}

const PublicLayout: Page = () => import('./layout/public-layout')
const AppLayout: Page = () => import('./layout/app-layout')
const SettingsLayout: Page = withSidebar(() => import('./routes/app/settings/settings-layout'))

const Landing: Page = () => import('./routes/landing')
const Features: Page = () => import('./routes/features')
const Premium: Page = () => import('./routes/premium')
const Download: Page = () => import('./routes/download')
const PrivacyChoices: Page = () => import('./routes/privacy-choices')
const TeamJoin: Page = () => import('./routes/team-join')
const Auth: Page = () => import('./routes/auth')
const UpdatePassword: Page = () => import('./routes/update-password')

/**
 * A page of an area with a module sidebar (000 §2): the sidebars' module
 * loads with it, so the page never shows before its sidebar.
 */
function withSidebar(load: Page): Page {
  return () => Promise.all([load(), preloadModuleSidebars()]).then(([page]) => page)
}

const Dashboard: Page = () => import('./routes/app/dashboard')
const Tasks: Page = withSidebar(() => import('./routes/app/tasks'))
const Matrix: Page = () => import('./routes/app/matrix')
const Calendar: Page = () => import('./routes/app/calendar')
const NotesLayout: Page = withSidebar(() => import('./routes/app/notes/notes-layout'))
const NotesList: Page = () => import('./routes/app/notes/notes-list')
const NewNote: Page = () => import('./routes/app/notes/new-note')
const NotePage: Page = () => import('./routes/app/notes/note')
const Shared: Page = () => import('./routes/app/notes/shared')
const JournalLayout: Page = withSidebar(() => import('./routes/app/journal/journal-layout'))
const JournalIndex: Page = () => import('./routes/app/journal/journal-index')
const JournalRecent: Page = () => import('./routes/app/journal/journal-recent')
const NewEntry: Page = () => import('./routes/app/journal/new-entry')
const EntryPage: Page = () => import('./routes/app/journal/entry')
const Pomodoro: Page = () => import('./routes/app/pomodoro')
const Teams: Page = () => import('./routes/app/teams')
const TeamInvite: Page = () => import('./routes/app/team-invite')
const Notifications: Page = () => import('./routes/app/notifications')
const Activity: Page = () => import('./routes/app/activity')
const Help: Page = withSidebar(() => import('./routes/app/help'))
const Search: Page = () => import('./routes/app/search')
const Demo: Page = () => import('./routes/app/demo')
const AdminSql: Page = () => import('./routes/app/admin-sql')
const SettingsGeneral: Page = () => import('./routes/app/settings/general')
const SettingsPreferences: Page = () => import('./routes/app/settings/preferences')
const SettingsSecurity: Page = () => import('./routes/app/settings/security')
const SettingsBilling: Page = () => import('./routes/app/settings/billing')
const SettingsIntegrations: Page = () => import('./routes/app/settings/integrations')

/** Resolves once the router has loaded the modules of the pages at its first location. */
export function initialized(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve()
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
}

/** Routes of spec 000 §2 (and 001 §2, 002 §2); pages prefetch into queryClient. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const page = pageWith(queryClient)
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        page(undefined, PublicLayout, [
          page(undefined, Landing),
          page('features', Features),
          page('premium', Premium),
          page('download', Download),
          page('privacy-choices', PrivacyChoices),
          page('teams/join/:token', TeamJoin),
        ]),
        page('auth', Auth),
        page('auth/update-password', UpdatePassword),
        page('app', AppLayout, [
          page(undefined, Dashboard),
          page('tasks', Tasks),
          page('tasks/project/:projectId', Tasks),
          page('tasks/smart-filter/:filterId', Tasks),
          page('matrix', Matrix),
          page('calendar', Calendar),
          page('notes', NotesLayout, [page(undefined, NotesList), page('new', NewNote), page(':noteId', NotePage)]),
          page('shared', NotesLayout, [page(':type/:token', Shared)]),
          page('journal', JournalLayout, [
            page(undefined, JournalIndex),
            page('recent', JournalRecent),
            page('new', NewEntry),
            page(':entryId', EntryPage),
          ]),
          page('pomodoro', Pomodoro),
          page('teams', Teams),
          page('teams/create', Teams),
          page('teams/join/:token', TeamInvite),
          page('teams/:teamId', Teams),
          page('teams/:teamId/settings', Teams),
          page('settings', SettingsLayout, [
            page(undefined, SettingsGeneral),
            page('preferences', SettingsPreferences),
            page('security', SettingsSecurity),
            page('billing', SettingsBilling),
            page('integrations', SettingsIntegrations),
          ]),
          page('notifications', Notifications),
          page('activity', Activity),
          page('help', Help),
          page('search', Search),
          page('demo', Demo),
          page('admin/sql', AdminSql),
          { path: '*', element: <NotFound /> },
        ]),
        { path: '*', element: <NotFound /> },
      ],
    },
  ]
}

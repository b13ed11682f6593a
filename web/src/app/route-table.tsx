import { type ComponentType, type LazyExoticComponent, Suspense, lazy } from 'react'
import type { RouteObject } from 'react-router'
import { NotFound } from '@/components/errors/not-found'
import { RouteError } from '@/components/errors/route-error'
import { PageSpinner } from '@/components/ui/spinner'
import { RootLayout } from './layout/root-layout'

type Page = LazyExoticComponent<ComponentType>

/** One lazily loaded page with its own error boundary. */
function page(path: string | undefined, Component: Page, children?: RouteObject[]): RouteObject {
  const element = (
    <Suspense fallback={<PageSpinner />}>
      <Component />
    </Suspense>
  )
  const base = { element, errorElement: <RouteError /> }
  if (children) return path === undefined ? { ...base, children } : { ...base, path, children }
  return path === undefined ? { ...base, index: true } : { ...base, path }
}

const PublicLayout = lazy(() => import('./layout/public-layout'))
const AppLayout = lazy(() => import('./layout/app-layout'))
const SettingsLayout = lazy(() => import('./routes/app/settings/settings-layout'))

const Landing = lazy(() => import('./routes/landing'))
const Features = lazy(() => import('./routes/features'))
const Premium = lazy(() => import('./routes/premium'))
const Download = lazy(() => import('./routes/download'))
const PrivacyChoices = lazy(() => import('./routes/privacy-choices'))
const TeamJoin = lazy(() => import('./routes/team-join'))
const Auth = lazy(() => import('./routes/auth'))
const UpdatePassword = lazy(() => import('./routes/update-password'))

const Dashboard = lazy(() => import('./routes/app/dashboard'))
const Tasks = lazy(() => import('./routes/app/tasks'))
const Matrix = lazy(() => import('./routes/app/matrix'))
const Notes = lazy(() => import('./routes/app/notes'))
const Journal = lazy(() => import('./routes/app/journal'))
const Pomodoro = lazy(() => import('./routes/app/pomodoro'))
const Teams = lazy(() => import('./routes/app/teams'))
const TeamInvite = lazy(() => import('./routes/app/team-invite'))
const Notifications = lazy(() => import('./routes/app/notifications'))
const Activity = lazy(() => import('./routes/app/activity'))
const Help = lazy(() => import('./routes/app/help'))
const Search = lazy(() => import('./routes/app/search'))
const Demo = lazy(() => import('./routes/app/demo'))
const SettingsGeneral = lazy(() => import('./routes/app/settings/general'))
const SettingsPreferences = lazy(() => import('./routes/app/settings/preferences'))
const SettingsSecurity = lazy(() => import('./routes/app/settings/security'))
const SettingsBilling = lazy(() => import('./routes/app/settings/billing'))
const SettingsIntegrations = lazy(() => import('./routes/app/settings/integrations'))

/** Routes of spec 000 §2 (and 001 §2, 002 §2). */
export const routes: RouteObject[] = [
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
        page('notes', Notes),
        page('notes/new', Notes),
        page('notes/:noteId', Notes),
        page('journal', Journal),
        page('journal/recent', Journal),
        page('journal/new', Journal),
        page('journal/:entryId', Journal),
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
        { path: '*', element: <NotFound /> },
      ]),
      { path: '*', element: <NotFound /> },
    ],
  },
]


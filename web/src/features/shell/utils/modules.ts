import {
  Bell,
  BookOpen,
  CalendarBlank,
  CheckSquare,
  ClockCounterClockwise,
  Gear,
  House,
  type Icon,
  MagnifyingGlass,
  Note,
  Question,
  Sparkle,
  SquaresFour,
  Timer,
  UsersThree,
} from '@phosphor-icons/react'

export type Area =
  | 'dashboard'
  | 'tasks'
  | 'matrix'
  | 'calendar'
  | 'notes'
  | 'journal'
  | 'pomodoro'
  | 'teams'
  | 'settings'
  | 'help'
  | 'notifications'
  | 'activity'
  | 'search'
  | 'demo'

export type NavItem = { to: string; label: string; icon: Icon; area: Area }

/** The left icon rail (spec 000 §2); settings and help sit at the bottom. */
export const RAIL_ITEMS: readonly NavItem[] = [
  { to: '/app', label: 'Dashboard', icon: House, area: 'dashboard' },
  { to: '/app/tasks', label: 'Tasks', icon: CheckSquare, area: 'tasks' },
  { to: '/app/matrix', label: 'Eisenhower Matrix', icon: SquaresFour, area: 'matrix' },
  { to: '/app/calendar', label: 'Calendar', icon: CalendarBlank, area: 'calendar' },
  { to: '/app/notes', label: 'Notes', icon: Note, area: 'notes' },
  { to: '/app/journal', label: 'Journal', icon: BookOpen, area: 'journal' },
  { to: '/app/pomodoro', label: 'Pomodoro', icon: Timer, area: 'pomodoro' },
  { to: '/app/teams', label: 'Teams', icon: UsersThree, area: 'teams' },
]

export const RAIL_BOTTOM_ITEMS: readonly NavItem[] = [
  { to: '/app/settings', label: 'Settings', icon: Gear, area: 'settings' },
  { to: '/app/help', label: 'Help', icon: Question, area: 'help' },
]

export const AREA_ICONS: Record<Area, Icon> = {
  dashboard: House,
  tasks: CheckSquare,
  matrix: SquaresFour,
  calendar: CalendarBlank,
  notes: Note,
  journal: BookOpen,
  pomodoro: Timer,
  teams: UsersThree,
  settings: Gear,
  help: Question,
  notifications: Bell,
  activity: ClockCounterClockwise,
  search: MagnifyingGlass,
  demo: Sparkle,
}

export const AREA_LABELS: Record<Area, string> = {
  dashboard: 'Dashboard',
  tasks: 'Tasks',
  matrix: 'Eisenhower Matrix',
  calendar: 'Calendar',
  notes: 'Notes',
  journal: 'Journal',
  pomodoro: 'Pomodoro',
  teams: 'Teams',
  settings: 'Settings',
  help: 'Help',
  notifications: 'Notifications',
  activity: 'Activity',
  search: 'Search',
  demo: 'Demo',
}

/** The area a path under /app belongs to, or null outside the app. */
export function areaOf(pathname: string): Area | null {
  if (pathname === '/app' || pathname === '/app/') return 'dashboard'
  const segment = /^\/app\/([^/?#]+)/.exec(pathname)?.[1]
  if (!segment) return null
  // A note or folder shared by link opens among the notes.
  if (segment === 'shared') return 'notes'
  return segment in AREA_LABELS ? (segment as Area) : null
}

/** Areas with a second, module sidebar (spec 000 §2); pomodoro and matrix have none. */
export const MODULE_SIDEBAR_AREAS: ReadonlySet<Area> = new Set(['tasks', 'notes', 'journal', 'settings', 'help'])

/** Main content offset: 58 px rail, plus 254 px module sidebar when there is one (312 px). */
export const RAIL_WIDTH = 58
export const MODULE_SIDEBAR_OFFSET = 312

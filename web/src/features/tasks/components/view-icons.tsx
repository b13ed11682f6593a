import {
  CalendarBlank,
  CalendarCheck,
  CheckCircle,
  Clock,
  CloudSun,
  Flag,
  Folder,
  Hash,
  type Icon,
  ListBullets,
  ListChecks,
  Star,
  Tag,
  Tray,
  UserCircleCheck,
  WarningCircle,
} from '@phosphor-icons/react'
import type { ViewId } from '../types'

/** The built-in views' icons (the view registry is icon-free, utils/views.ts). */
export const VIEW_ICONS: Record<ViewId, Icon> = {
  inbox: Tray,
  assigned: UserCircleCheck,
  all: ListChecks,
  today: CalendarCheck,
  upcoming: CalendarBlank,
  anytime: Clock,
  someday: CloudSun,
  logbook: CheckCircle,
}

/** Smart filter icons of 001 §3 by their stored names. */
const FILTER_ICONS: Record<string, Icon> = {
  list: ListBullets,
  calendar: CalendarBlank,
  star: Star,
  flag: Flag,
  'check-circle': CheckCircle,
  clock: Clock,
  folder: Folder,
  tag: Tag,
  hash: Hash,
  'alert-circle': WarningCircle,
}

export function filterIcon(name: string | null | undefined): Icon {
  return FILTER_ICONS[name ?? ''] ?? ListBullets
}

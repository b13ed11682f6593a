import { CheckSquare, Funnel, FunnelSimple } from '@phosphor-icons/react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type ReactNode, useMemo } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useProjects } from '../api/get-projects'
import { getSmartFilterTasks } from '../api/get-smart-filter-tasks'
import { taskKeys } from '../api/keys'
import { useTaskZone } from '../api/task-preferences'
import { useSmartFilterDialogStore } from '../stores/smart-filter-dialog-store'
import { dueLabel } from '../utils/dates'
import { leaves, matchesQuery, parseQuery, toFilterData } from './query'
import { QueryErrorText } from './query-text'

/** A category of the palette's results (the shape of the shell's FilterResultGroup). */
export type FilterResultGroup = {
  heading: string
  loading?: boolean
  items: { id: string; label: string; hint?: string; icon?: ReactNode; keepOpen?: boolean; run: () => void }[]
}

/** The most matching tasks the palette lists. */
const SHOWN = 50
const PREFIX = /^\s*filter:\s*/i

/** Where the query starts in the palette's text, and whether the user asked for filter mode. */
export function paletteQuery(text: string): { query: string; offset: number; explicit: boolean } {
  const m = PREFIX.exec(text)
  return m ? { query: text.slice(m[0].length), offset: m[0].length, explicit: true } : { query: text, offset: 0, explicit: false }
}

/**
 * The palette's filter mode (issue 26): "Filter: today & p1" (or any text
 * that reads as a query, such as "overdue | #work") lists the matching
 * tasks live, offers to save the query as a smart filter, and shows a bad
 * query with its token underlined. Kept in its own module so the palette
 * itself only places what this returns.
 */
export function useFilterPalette(userId: string, text: string): { active: boolean; explicit: boolean; groups: FilterResultGroup[]; notice: ReactNode } {
  const navigate = useNavigate()
  const location = useLocation()
  const projects = useProjects(userId)
  const { zone } = useTaskZone(userId)
  const openDialog = useSmartFilterDialogStore((s) => s.open)
  const { query, offset, explicit } = paletteQuery(text)
  const qc = useMemo(() => ({ projects: projects.data ?? [] }), [projects.data])
  const parsed = useMemo(() => (query.trim() ? parseQuery(query, qc) : null), [query, qc])
  const flat = parsed?.ok ? toFilterData(query, parsed.node) : null
  const active = explicit || !!parsed?.ok
  const node = parsed?.ok ? parsed.node : null
  const tasks = useQuery({
    queryKey: [...taskKeys.lists(), userId, 'filter-query', flat?.ok ? flat.data : query.trim(), zone] as const,
    queryFn: ({ signal }) =>
      flat?.ok
        ? getSmartFilterTasks(userId, flat.data, zone, 'due_date', signal)
        : getSmartFilterTasks(userId, { logic: 'AND', conditions: node ? leaves(node) : [] }, zone, 'due_date', signal, (t, ctx) => !!node && matchesQuery(t, node, ctx)),
    enabled: !!node,
    placeholderData: keepPreviousData,
  })
  if (!active) return { active: false, explicit, groups: [], notice: null }
  const groups: FilterResultGroup[] = []
  let notice: ReactNode = null
  if (parsed && !parsed.ok) {
    notice = <QueryErrorText input={text} error={{ ...parsed.error, at: parsed.error.at + offset }} />
  } else if (!parsed) {
    notice = <p className="text-sm text-muted-foreground">Type a query: today & p1, overdue | #work, @waiting & !#someday, due before: next week</p>
  } else {
    const matched = tasks.data ?? []
    // Open tasks first: a filter is mostly about what is left to do.
    const ordered = [...matched.filter((t) => !t.is_completed), ...matched.filter((t) => t.is_completed)]
    groups.push({
      heading: 'Filter',
      items: [
        flat?.ok
          ? {
              id: 'save-filter',
              label: 'Save as smart filter…',
              hint: query.trim(),
              icon: <Funnel size={16} aria-hidden className="shrink-0 text-muted-foreground" />,
              run: () => {
                openDialog({ kind: 'create', query: query.trim() })
                if (!location.pathname.startsWith('/app/tasks')) void navigate('/app/tasks')
              },
            }
          : {
              id: 'cannot-save',
              label: 'This query cannot be saved as a smart filter',
              hint: flat && !flat.ok ? flat.error.message : '',
              icon: <FunnelSimple size={16} aria-hidden className="shrink-0 text-muted-foreground" />,
              keepOpen: true,
              run: () => undefined,
            },
      ],
    })
    groups.push({
      heading: tasks.data ? `Matching tasks (${matched.length})` : 'Matching tasks',
      loading: tasks.isPending,
      items: ordered.slice(0, SHOWN).map((t) => {
        const due = dueLabel(t, zone)
        return {
          id: `filter-task:${t.id}`,
          label: t.is_completed ? `✓ ${t.title || 'Untitled task'}` : t.title || 'Untitled task',
          ...(due ? { hint: due.text } : {}),
          icon: <CheckSquare size={16} aria-hidden className="shrink-0 text-muted-foreground" />,
          run: () => void navigate(`/app/tasks?view=all&taskId=${t.id}`),
        }
      }),
    })
  }
  return { active, explicit, groups, notice }
}

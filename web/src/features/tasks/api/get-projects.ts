import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { Project } from '../types'
import { readBoardColumns } from '../board/columns'
import { projectKeys } from './module-keys'

/** Projects query: fresh 30 s, kept 5 min (001 §9). */
export const PROJECTS_STALE_MS = 30_000
export const PROJECTS_GC_MS = 5 * 60_000

const ROLES = new Set(['owner', 'admin', 'member'])

/**
 * The live projects the user owns or joined, archived ones included
 * (user_accessible_projects, 0108 and 0650): the sidebar, the pickers and
 * the archive list all read this one query.
 */
export async function getProjects(signal: AbortSignal): Promise<Project[]> {
  const rows = unwrap(
    await supabase.from('user_accessible_projects').select('*').order('sort_order', { ascending: true }).abortSignal(signal),
  )
  return rows.flatMap((r) =>
    r.id && r.user_id && r.name
      ? [
          {
            id: r.id,
            user_id: r.user_id,
            owner_id: r.owner_id ?? r.user_id,
            name: r.name,
            overview: r.overview,
            color: r.color ?? '#3b82f6',
            icon_name: r.icon_name ?? 'Folder',
            icon_color: r.icon_color,
            icon_weight: r.icon_weight ?? 'duotone',
            sort_order: r.sort_order ?? 0,
            is_favorite: r.is_favorite ?? false,
            is_shared: r.is_shared ?? false,
            is_deleted: false,
            created_at: r.created_at ?? '',
            updated_at: r.updated_at ?? '',
            is_owner: r.is_owner ?? false,
            user_role: ROLES.has(r.user_role ?? '') ? (r.user_role as Project['user_role']) : 'member',
            is_archived: r.is_archived ?? false,
            archived_at: r.archived_at,
            board_columns: readBoardColumns(r.board_columns),
          },
        ]
      : [],
  )
}

export function projectsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: projectKeys.list(userId),
    queryFn: ({ signal }) => getProjects(signal),
    staleTime: PROJECTS_STALE_MS,
    gcTime: PROJECTS_GC_MS,
    refetchOnWindowFocus: false,
  })
}

export function useProjects(userId: string) {
  return useQuery(projectsQueryOptions(userId))
}

/**
 * The sidebar's order: the user's own projects as they arranged them, then
 * the ones they joined, by name (001 §4: only owned projects are reordered).
 */
export function sidebarOrder(projects: readonly Project[]): Project[] {
  const owned = projects.filter((p) => p.is_owner).sort((a, b) => a.sort_order - b.sort_order || a.created_at.localeCompare(b.created_at))
  const joined = projects.filter((p) => !p.is_owner).sort((a, b) => a.name.localeCompare(b.name))
  return [...owned, ...joined]
}

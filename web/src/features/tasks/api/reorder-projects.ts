import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { Project } from '../types'
import { projectKeys } from './module-keys'
import { patchProjects } from './project-cache'
import { reportFailure } from './report'

/** The order saved as a list of ids (001 §3; RPC reorder_projects, 0653). */
export async function reorderProjects(ids: readonly string[]): Promise<void> {
  unwrap(await supabase.rpc('reorder_projects', { p_project_ids: [...ids] }))
}

/** ids with the one at from moved to to. */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids]
  const [moved] = next.splice(from, 1)
  if (moved === undefined) return [...ids]
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved)
  return next
}

/**
 * Reordering owned projects (001 §4): applied at once, then saved; only
 * one reorder runs at a time (a move while one is saving is ignored); on
 * failure 'Reorder failed - Could not save project order' and the projects
 * are fetched again.
 */
export function useReorderProjects(userId: string) {
  const queryClient = useQueryClient()
  const running = useRef(false)
  const mutation = useMutation({
    mutationFn: (ids: string[]) => reorderProjects(ids),
    onMutate: (ids) =>
      patchProjects(queryClient, userId, (ps) =>
        ps.map((p) => {
          const i = ids.indexOf(p.id)
          return i >= 0 ? { ...p, sort_order: i + 1 } : p
        }),
      ),
    onError: (error) => {
      reportFailure(error, 'Reorder failed', 'Could not save project order')
      void queryClient.invalidateQueries({ queryKey: projectKeys.list(userId) })
    },
    onSettled: () => {
      running.current = false
    },
  })
  return {
    isPending: mutation.isPending,
    /** Saves owned (in their new order); false when a reorder is still running. */
    reorder: (owned: readonly Project[]): boolean => {
      if (running.current) return false
      running.current = true
      mutation.mutate(owned.map((p) => p.id))
      return true
    },
  }
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from './toast'
import { getPreference, preferenceKeys, savePreference } from './preferences'

/**
 * "Latest experiments" of the account menu (000 §2): features that are done
 * but not yet on for everyone, each a switch kept in the user's
 * preferences (key `experiments`, a JSON object of id → on), so it follows
 * the user to every device. Off unless switched on.
 */
export const EXPERIMENTS = [
  {
    id: 'favicon-timer',
    name: 'Timer in the tab icon',
    description: 'While a focus session runs, the browser tab’s icon shows how much of it is left.',
  },
  {
    id: 'session-chime',
    name: 'Chime at the end of a session',
    description: 'A short, soft chime plays when a focus session or a break ends.',
  },
  {
    id: 'complete-sound',
    name: 'A sound when you complete a task',
    description: 'A short click confirms each task you tick off on the dashboard.',
  },
] as const

export type ExperimentId = (typeof EXPERIMENTS)[number]['id']
export type ExperimentFlags = Partial<Record<ExperimentId, boolean>>

export const EXPERIMENTS_KEY = 'experiments'

function parseFlags(value: unknown): ExperimentFlags {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  const flags: ExperimentFlags = {}
  for (const e of EXPERIMENTS) {
    const v = (value as Record<string, unknown>)[e.id]
    if (typeof v === 'boolean') flags[e.id] = v
  }
  return flags
}

export function experimentsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: preferenceKeys.one(userId, EXPERIMENTS_KEY),
    queryFn: async ({ signal }) => parseFlags(await getPreference(userId, EXPERIMENTS_KEY, signal)),
    staleTime: 5 * 60_000,
  })
}

export function useExperiments(userId: string): ExperimentFlags {
  return useQuery(experimentsQueryOptions(userId)).data ?? {}
}

/** Whether one experiment is on for the user (off until loaded). */
export function useExperiment(userId: string, id: ExperimentId): boolean {
  return useExperiments(userId)[id] === true
}

export function useSetExperiment(userId: string) {
  const queryClient = useQueryClient()
  const key = experimentsQueryOptions(userId).queryKey
  return useMutation({
    mutationFn: async ({ id, on }: { id: ExperimentId; on: boolean }) => {
      const next = { ...(queryClient.getQueryData<ExperimentFlags>(key) ?? {}), [id]: on }
      queryClient.setQueryData(key, next)
      await savePreference(userId, EXPERIMENTS_KEY, next)
    },
    onError: () => {
      // savePreference kept the choice in this browser; the server did not take it.
      toast.error('Update failed', { description: 'Failed to save your changes. Please try again.' })
    },
  })
}

import type { QueryClient } from '@tanstack/react-query'
import { useFocusStore } from '../stores/focus-store'
import { cancelSession, nextSession, pauseSession, resumeSession, skipSession, startSession } from './focus-actions'
import { activeSessionQueryOptions } from './get-active-session'
import { settingsQueryOptions } from './settings'

/**
 * The timer's keyboard commands (001 §9), from any page: Ctrl+P start or
 * pause/resume, Ctrl+Shift+P pause or resume, Ctrl+Alt+P stop, Ctrl+Shift+N
 * skip. Loaded on the first press (lib/commands registers them).
 */
type Context = { queryClient: QueryClient; userId: string }

async function current(ctx: Context) {
  await ctx.queryClient.fetchQuery(settingsQueryOptions(ctx.userId))
  return ctx.queryClient.fetchQuery({ ...activeSessionQueryOptions(ctx.userId), staleTime: 1000 })
}

export async function toggle(ctx: Context): Promise<void> {
  const s = await current(ctx)
  if (!s) {
    const next = await nextSession(ctx)
    const chosen = useFocusStore.getState().chosenType
    await startSession(ctx, { ...next, type: chosen ?? next.type, taskId: useFocusStore.getState().taskId })
  } else if (s.status === 'active') await pauseSession(ctx, s)
  else await resumeSession(ctx, s)
}

export async function pause(ctx: Context): Promise<void> {
  const s = await current(ctx)
  if (s?.status === 'active') await pauseSession(ctx, s)
  else if (s?.status === 'paused') await resumeSession(ctx, s)
}

export async function stop(ctx: Context): Promise<void> {
  const s = await current(ctx)
  if (s) await cancelSession(ctx, s)
}

export async function skip(ctx: Context): Promise<void> {
  const s = await current(ctx)
  if (s) await skipSession(ctx, s)
}

import type { QueryClient } from '@tanstack/react-query'
import type { Project } from '../types'
import { projectKeys } from './module-keys'

/** Optimistic changes to the cached projects, with the copy to roll back to. */
export async function patchProjects(
  queryClient: QueryClient,
  userId: string,
  change: (projects: Project[]) => Project[],
): Promise<Project[] | undefined> {
  await queryClient.cancelQueries({ queryKey: projectKeys.list(userId) })
  const before = queryClient.getQueryData<Project[]>(projectKeys.list(userId))
  if (before) queryClient.setQueryData(projectKeys.list(userId), change(before))
  return before
}

export function restoreProjects(queryClient: QueryClient, userId: string, before: Project[] | undefined): void {
  if (before) queryClient.setQueryData(projectKeys.list(userId), before)
}

export function findProject(queryClient: QueryClient, userId: string, id: string): Project | undefined {
  return queryClient.getQueryData<Project[]>(projectKeys.list(userId))?.find((p) => p.id === id)
}

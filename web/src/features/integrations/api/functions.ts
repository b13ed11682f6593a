import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invokeFunction } from '@/lib/functions'
import { toast } from '@/lib/toast'
import { integrationKeys } from './keys'

/** slack-test-message: posts a test message with the stored webhook ('Slack webhook error: <status>' when it fails). */
export function useSlackTest(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => invokeFunction<{ ok: boolean; channel?: string }>('slack-test-message'),
    onSuccess: (r) => toast.success('Test message sent', { description: r.channel ? `Posted to ${r.channel}.` : 'Posted to the webhook’s channel.' }),
    onError: (e) => toast.error('Test message failed', { description: e.message }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.log(userId) }),
  })
}

export type Repo = { id: number; name: string; full_name: string; private: boolean; html_url: string; updated_at: string }

/** github-list-repos: the account's repositories, most recently updated first (100). */
export function reposQueryOptions(userId: string) {
  return queryOptions({
    queryKey: integrationKeys.repos(userId),
    queryFn: async () => (await invokeFunction<{ repos: Repo[] }>('github-list-repos')).repos,
    staleTime: 5 * 60_000,
    retry: false,
  })
}

export function useRepos(userId: string, enabled: boolean) {
  return useQuery({ ...reposQueryOptions(userId), enabled })
}

export type IssueInput = { repo?: string; title: string; body?: string; labels?: string[]; taskId?: string }
export type Issue = { id: number; number: number; url: string; repo: string }

/** github-create-issue: an issue from a task (001 §7 errors: 'No repository specified', 'GitHub API error: <status>'). */
export function useCreateIssue(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: IssueInput) => invokeFunction<Issue>('github-create-issue', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.log(userId) }),
    meta: { silent: true },
  })
}

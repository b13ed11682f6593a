/** Query keys of the admin feature (one factory: mutations invalidate through it). */
export const adminKeys = {
  all: ['admin'] as const,
  /** Whether the server's user object says admin, per user id. */
  status: (userId: string) => [...adminKeys.all, 'status', userId] as const,
}

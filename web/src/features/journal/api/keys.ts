/** Query keys of journals, entries, images and statistics; mutations invalidate through these. */
export const journalKeys = {
  all: ['journal'] as const,
  journals: (userId: string) => [...journalKeys.all, 'journals', userId] as const,
  entryLists: () => [...journalKeys.all, 'entries'] as const,
  entries: (userId: string) => [...journalKeys.entryLists(), userId] as const,
  recent: (userId: string, limit: number) => [...journalKeys.all, 'recent', userId, limit] as const,
  entry: (entryId: string) => [...journalKeys.all, 'entry', entryId] as const,
  images: (entryId: string) => [...journalKeys.all, 'images', entryId] as const,
  statistics: (userId: string, today: string) => [...journalKeys.all, 'statistics', userId, today] as const,
  allStatistics: () => [...journalKeys.all, 'statistics'] as const,
  search: (userId: string, term: string) => [...journalKeys.all, 'search', userId, term] as const,
}

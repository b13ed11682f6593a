/** Query keys of notes, folders and sharing; mutations invalidate through these. */
export const noteKeys = {
  all: ['notes'] as const,
  lists: () => [...noteKeys.all, 'list'] as const,
  list: (userId: string) => [...noteKeys.lists(), userId] as const,
  recent: (userId: string, limit: number) => [...noteKeys.all, 'recent', userId, limit] as const,
  details: () => [...noteKeys.all, 'detail'] as const,
  detail: (noteId: string) => [...noteKeys.details(), noteId] as const,
  allFolders: () => [...noteKeys.all, 'folders'] as const,
  folders: (userId: string) => [...noteKeys.allFolders(), userId] as const,
  shares: () => [...noteKeys.all, 'share'] as const,
  share: (kind: 'note' | 'folder', id: string) => [...noteKeys.shares(), kind, id] as const,
  recipients: (shareId: string) => [...noteKeys.all, 'recipients', shareId] as const,
  people: (noteId: string) => [...noteKeys.all, 'people', noteId] as const,
  sharedWithMe: (userId: string) => [...noteKeys.all, 'shared-with-me', userId] as const,
  sharedLink: (token: string) => [...noteKeys.all, 'shared-link', token] as const,
  sharedFolderNotes: (folderId: string) => [...noteKeys.all, 'shared-folder', folderId] as const,
  search: (userId: string, term: string) => [...noteKeys.all, 'search', userId, term] as const,
}

import { create } from 'zustand'

export type ProjectDialog =
  | { kind: 'create' }
  | { kind: 'edit'; projectId: string }
  | { kind: 'delete'; projectId: string }
  | { kind: 'share'; projectId: string }
  | { kind: 'archived' }

type ProjectDialogState = {
  dialog: ProjectDialog | null
  open: (dialog: ProjectDialog) => void
  close: () => void
}

/**
 * Which project dialog is open. The sidebar (in the shell, or the mobile
 * drawer) and the edit pane open them; the tasks screen hosts them, so a
 * dialog outlives the drawer that opened it.
 */
export const useProjectDialogStore = create<ProjectDialogState>()((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}))

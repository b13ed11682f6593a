import { type ReactNode, createContext, useContext } from 'react'

/**
 * What the task screens need from outside the feature (features do not
 * import each other; the route fills this in): the plan's caps that the
 * screens check before asking the server (which checks them too), and the
 * paywall to open when one is hit.
 */
export type TasksEnvironment = {
  /** Reminders one task may have on the plan; Infinity when unlimited. */
  remindersPerTask: number
  /** Subtasks one task may have on the plan. */
  subtasksPerTask: number
  showPaywall: (message: string) => void
  /**
   * Sections other features add below a task's fields in the pane and the
   * modal (the focus timer's summary of the task, the comment thread and
   * the attachments panel, 002 §2).
   */
  taskSections?: (task: { id: string; title: string; team_id: string | null }) => ReactNode
}

const TasksEnvironmentContext = createContext<TasksEnvironment>({
  remindersPerTask: Number.POSITIVE_INFINITY,
  subtasksPerTask: Number.POSITIVE_INFINITY,
  showPaywall: () => undefined,
})

export const TasksEnvironmentProvider = TasksEnvironmentContext.Provider

export function useTasksEnvironment(): TasksEnvironment {
  return useContext(TasksEnvironmentContext)
}

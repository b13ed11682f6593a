import { useMutation } from '@tanstack/react-query'
import { invokeFunction } from '@/lib/functions'

/** A result column: its name and type as psql shows it. */
export type SqlColumn = { name: string; type: string }

/** One statement that ran (functions/adminsql Statement). */
export type SqlStatement = {
  index: number
  /** 1-based character position of the statement in the script. */
  position: number
  status: 'ok' | 'error'
  command: string
  columns: SqlColumn[]
  rows: (string | null)[][]
  rowCount: number
  truncated: boolean
  durationMs: number
}

/** A statement's failure, placed in the script (1-based characters; 0: no position). */
export type SqlError = {
  message: string
  code: string
  detail?: string
  hint?: string
  statement: number
  position: number
  line: number
  column: number
}

/** The answer of admin-sql: what ran, and the failure if one did. */
export type SqlRun = {
  runId: string
  readOnly: boolean
  committed: boolean
  durationMs: number
  statements: SqlStatement[]
  error: SqlError | null
}

export type RunSqlInput = { sql: string; readOnly: boolean; timeoutSeconds?: number }

/**
 * Runs a script through the admin-sql function. A failing statement is part
 * of the answer (`error`); a refused call (not an admin, signed out) throws
 * with the function's message and code.
 */
export async function runSql(input: RunSqlInput): Promise<SqlRun> {
  const data = await invokeFunction<SqlRun | null>('admin-sql', input)
  if (!data) throw new Error('The SQL console got an empty answer from the server.')
  return data
}

export function useRunSql() {
  return useMutation({ mutationFn: runSql, meta: { silent: true } })
}

import type { QueryError } from './query'

/** The query with the bad token underlined, and what is wrong with it (palette and dialog). */
export function QueryErrorText({ input, error, id }: { input: string; error: QueryError; id?: string }) {
  const end = Math.min(input.length, error.at + error.length)
  const before = input.slice(0, error.at)
  const bad = input.slice(error.at, end)
  return (
    <div id={id} role="alert" className="grid gap-0.5 text-sm">
      <code className="font-mono text-xs break-all whitespace-pre-wrap text-muted-foreground">
        {before}
        <mark
          data-testid="query-error-token"
          className="bg-transparent text-destructive underline decoration-destructive decoration-wavy decoration-2 underline-offset-4"
        >
          {/* The end of the input has no character: underline a space there. */}
          {bad || '\u00a0'}
        </mark>
        {input.slice(end)}
      </code>
      <span className="text-destructive">
        Column {error.at + 1}: {error.message}
      </span>
    </div>
  )
}

import { CloudCheck, CloudSlash, WarningCircle } from '@phosphor-icons/react'
import { Button } from '@/components/ui/button'
import type { AutosaveState } from '@/lib/autosave'
import { cn } from '@/lib/cn'
import { describeError, isNetworkError } from '@/lib/errors'

/** The editor's body while its code loads. */
export function EditorSkeleton() {
  return (
    <div aria-hidden className="grid gap-3 px-4 py-6 md:px-8">
      <div className="h-9 border-b" />
      <div className="h-4 w-11/12 rounded bg-muted" />
      <div className="h-4 w-10/12 rounded bg-muted" />
      <div className="h-4 w-8/12 rounded bg-muted" />
    </div>
  )
}

/** An editor screen while its document loads: the toolbar's bar, the title line and the body. */
export function EditorScreenSkeleton() {
  return (
    <div className="flex h-full flex-col">
      <div className="h-12 border-b" />
      <div className="mx-auto w-full max-w-3xl">
        <div className="mx-4 mt-6 h-9 w-1/2 rounded bg-muted md:mx-8" />
        <EditorSkeleton />
      </div>
    </div>
  )
}

/** What the autosave is doing, in words (and a Retry when it gave up). */
export function SaveStatus({
  state,
  isNew,
  onRetry,
  canRetry = true,
}: {
  state: AutosaveState
  /** Nothing saved yet: 'New — start typing'. */
  isNew: boolean
  onRetry: () => void
  /** False when retrying cannot help (a conflict is shown instead). */
  canRetry?: boolean
}) {
  let text: string
  let icon = <CloudCheck size={16} aria-hidden />
  let tone = 'text-muted-foreground'
  switch (state.status) {
    case 'idle':
      text = isNew ? 'New — start typing' : 'Saved'
      break
    case 'pending':
      text = 'Unsaved changes'
      break
    case 'saving':
      text = 'Saving…'
      break
    case 'saved':
      text = 'Saved'
      break
    case 'retrying':
      text = isNetworkError(state.error) ? 'Offline — retrying…' : 'Couldn’t save — retrying…'
      icon = <CloudSlash size={16} aria-hidden />
      tone = 'text-amber-700 dark:text-amber-400'
      break
    case 'failed':
      text = isNetworkError(state.error) ? 'Not saved — you are offline. Your text is kept on this device.' : `Not saved: ${describeError(state.error)}`
      icon = <WarningCircle size={16} aria-hidden />
      tone = 'text-destructive'
      break
  }
  return (
    <span className={cn('flex min-w-0 items-center gap-1.5 text-xs', tone)}>
      <span role="status" aria-live="polite" className="flex min-w-0 items-center gap-1.5" data-testid="save-status">
        {icon}
        <span className="truncate">{text}</span>
      </span>
      {state.status === 'failed' && canRetry ? (
        <Button variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </span>
  )
}

import { Plus } from '@phosphor-icons/react'
import { type FormEvent, type KeyboardEvent, useState } from 'react'
import { Button } from '@/components/ui/button'

type Props = {
  /** Where it adds, for its accessible name: 'Inbox', 'Today', 'Saturday · Dec 6'. */
  where: string
  onAdd: (title: string) => void
  onClose: () => void
}

/**
 * The list's add row (001 §9: a adds at the bottom, Shift+A at the top).
 * Enter adds and keeps the row open for the next task; Escape or leaving
 * it empty closes it.
 */
export function InlineAdd({ where, onAdd, onClose }: Props) {
  const [title, setTitle] = useState('')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!title.trim()) return
    onAdd(title.trim())
    setTitle('')
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      onClose()
    }
  }
  return (
    <form onSubmit={submit} className="flex h-full items-center gap-3 border-b bg-background px-4 md:px-6">
      <Plus size={18} className="shrink-0 text-primary" aria-hidden />
      <input
        // The row opens because the user asked for it: typing starts at once.
        autoFocus
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (!title.trim()) onClose()
        }}
        maxLength={500}
        aria-label={`New task in ${where}`}
        placeholder="Task name, then Enter"
        className="h-9 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
      />
      <Button type="submit" size="sm" disabled={!title.trim()}>
        Add
      </Button>
    </form>
  )
}

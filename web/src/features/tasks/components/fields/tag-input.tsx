import { X } from '@phosphor-icons/react'
import { type KeyboardEvent, useId, useState } from 'react'
import { useRequiredUser } from '@/lib/auth-store'
import { useGlobalTags, useRecordTagUse } from '../../api/global-tags'
import { parseTags, tagColor, withTag, withoutTag } from '../../utils/tags'

const MAX_TAG = 50

/**
 * Tags of a task (001 §3, §5): chips in their palette colour, and a field
 * that offers the user's tags, most used first (global_tags). A tag put on
 * the task counts one more use, or is created.
 */
export function TagInput({ tags, onChange }: { tags: string | null; onChange: (tags: string | null) => void }) {
  const user = useRequiredUser()
  const known = useGlobalTags(user.id)
  const record = useRecordTagUse(user.id)
  const [text, setText] = useState('')
  const listId = useId()
  const names = parseTags(tags)

  const add = () => {
    const typed = text.replace(/,/g, ' ').trim()
    if (!typed) return
    // The user's own spelling of a tag they already have.
    const name = known.data?.find((t) => t.name.toLowerCase() === typed.toLowerCase())?.name ?? typed
    setText('')
    if (names.some((n) => n.toLowerCase() === name.toLowerCase())) return
    onChange(withTag(tags, name))
    record.mutate(name)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault()
      add()
    } else if (e.key === 'Backspace' && !text && names.length) {
      onChange(withoutTag(tags, names[names.length - 1] ?? ''))
    }
  }

  return (
    <div className="flex min-h-9 flex-wrap items-center gap-1.5 rounded-md border border-input px-2 py-1 focus-within:ring-2 focus-within:ring-ring/40">
      {names.map((n) => (
        <span
          key={n}
          className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium"
          style={{ color: tagColor(n), backgroundColor: `${tagColor(n)}1f` }}
        >
          {n}
          <button
            type="button"
            aria-label={`Remove tag ${n}`}
            onClick={() => onChange(withoutTag(tags, n))}
            className="rounded outline-none hover:opacity-70 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X size={11} aria-hidden />
          </button>
        </span>
      ))}
      <input
        aria-label="Add a tag"
        list={listId}
        value={text}
        maxLength={MAX_TAG}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        placeholder={names.length ? '' : 'Add tags'}
        className="h-7 min-w-20 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
      />
      <datalist id={listId}>
        {(known.data ?? [])
          .filter((t) => !names.some((n) => n.toLowerCase() === t.name.toLowerCase()))
          .map((t) => (
            <option key={t.id} value={t.name} />
          ))}
      </datalist>
    </div>
  )
}

import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { MemberAvatar, memberName } from '@/components/ui/member-avatar'
import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/cn'
import type { Person } from '../api/comments'
import { activeMention, matchPeople, mentionText, parseMentions } from '../utils/mentions'

/** Mention suggestions shown (002 §9). */
const SUGGESTIONS = 5

type Picked = { name: string; id: string }

/** The stored form shown as a person types it: @[Ada](id) reads "@Ada", the id kept aside. */
export function toDisplay(content: string): { text: string; picked: Picked[] } {
  const picked: Picked[] = []
  const text = parseMentions(content)
    .map((s) => {
      if (s.kind === 'text') return s.text
      picked.push({ name: s.name, id: s.id })
      return `@${s.name}`
    })
    .join('')
  return { text, picked }
}

/** Back to the stored form: every "@Name" picked from the list becomes @[Name](id). */
export function toStored(text: string, picked: Picked[]): string {
  // Longest names first, so "@Ann Lee" is not taken for "@Ann".
  const byLength = [...picked].sort((a, b) => b.name.length - a.name.length)
  let out = text
  for (const p of byLength) out = out.split(`@${p.name}`).join(`\u0000${p.id}\u0000`)
  for (const p of byLength) out = out.split(`\u0000${p.id}\u0000`).join(mentionText(p.name, p.id))
  return out
}

type Props = {
  label: string
  initial?: string
  people: Person[]
  selfId: string
  busy: boolean
  submitLabel: string
  onSubmit: (content: string) => Promise<unknown>
  onCancel?: () => void
  autoFocus?: boolean
}

/**
 * A comment's text with the @ picker (002 §5): typing an at-sign lists up
 * to 5 people who can see the task, narrowed as one types; a space or a
 * line break closes it, 'No users found' when nobody matches. Arrow keys
 * move, Enter or Tab picks, Escape closes.
 */
export function MentionComposer({ label, initial = '', people, selfId, busy, submitLabel, onSubmit, onCancel, autoFocus }: Props) {
  const start = useRef(toDisplay(initial))
  const [text, setText] = useState(start.current.text)
  const [picked, setPicked] = useState<Picked[]>(start.current.picked)
  const [caret, setCaret] = useState(0)
  const [active, setActive] = useState(0)
  const [dismissed, setDismissed] = useState<number | null>(null)
  const ref = useRef<HTMLTextAreaElement>(null)
  const listId = useId()

  const mention = activeMention(text, caret)
  const open = mention !== null && dismissed !== mention.start
  const matches = open ? matchPeople(people.filter((p) => p.user_id !== selfId), mention.query, SUGGESTIONS) : []
  const empty = !text.trim()

  const pick = (p: Person) => {
    if (!mention) return
    const name = memberName(p)
    const next = `${text.slice(0, mention.start)}@${name} ${text.slice(caret)}`
    const at = mention.start + name.length + 2
    setText(next)
    setPicked((old) => (old.some((o) => o.id === p.user_id && o.name === name) ? old : [...old, { name, id: p.user_id }]))
    setCaret(at)
    requestAnimationFrame(() => {
      ref.current?.focus()
      ref.current?.setSelectionRange(at, at)
    })
  }

  const submit = async () => {
    if (empty || busy) return
    try {
      await onSubmit(toStored(text, picked))
      setText('')
      setPicked([])
      setCaret(0)
    } catch {
      // The mutation's toast said what went wrong; the text stays to try again.
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && matches.length) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault()
        const step = e.key === 'ArrowDown' ? 1 : -1
        setActive((i) => (i + step + matches.length) % matches.length)
        return
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault()
        const p = matches[Math.min(active, matches.length - 1)]
        if (p) pick(p)
        return
      }
    }
    if (open && e.key === 'Escape' && mention) {
      e.preventDefault()
      e.stopPropagation()
      setDismissed(mention.start)
      return
    }
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
      e.preventDefault()
      void submit()
    } else if (e.key === 'Escape' && onCancel) {
      e.preventDefault()
      e.stopPropagation()
      onCancel()
    }
  }

  const activeId = open && matches.length ? `${listId}-${Math.min(active, matches.length - 1)}` : undefined
  return (
    <div className="grid gap-2">
      <div className="relative">
        <Textarea
          ref={ref}
          aria-label={label}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          value={text}
          maxLength={10_000}
          autoFocus={autoFocus}
          placeholder="Write a comment… Type @ to mention someone"
          className="min-h-16 resize-y"
          onChange={(e) => {
            setText(e.target.value)
            setCaret(e.target.selectionStart)
            setActive(0)
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
        />
        {open ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="People to mention"
            className="absolute inset-x-0 top-full z-20 mt-1 grid max-h-60 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
          >
            {matches.length ? (
              matches.map((p, i) => (
                <li
                  key={p.user_id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === Math.min(active, matches.length - 1)}
                  onMouseDown={(e) => {
                    e.preventDefault()
                    pick(p)
                  }}
                  onMouseEnter={() => setActive(i)}
                  className={cn('flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm', i === Math.min(active, matches.length - 1) && 'bg-accent text-accent-foreground')}
                >
                  <MemberAvatar name={memberName(p)} url={p.avatar_url} className="size-6 text-[10px]" />
                  <span className="min-w-0 flex-1 truncate">{memberName(p)}</span>
                  {p.full_name && p.email ? <span className="hidden truncate text-xs text-muted-foreground sm:inline">{p.email}</span> : null}
                </li>
              ))
            ) : (
              <li className="px-2 py-1.5 text-sm text-muted-foreground">No users found</li>
            )}
          </ul>
        ) : null}
      </div>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="button" size="sm" disabled={empty || busy} onClick={() => void submit()}>
          {submitLabel}
        </Button>
      </div>
    </div>
  )
}

import type { MentionNodeAttrs } from '@tiptap/extension-mention'
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion'
import { type Ref, useImperativeHandle, useState } from 'react'
import { cn } from '@/lib/cn'
import type { MentionCandidate } from './extensions'

export type MentionListHandle = { onKeyDown: (props: SuggestionKeyDownProps) => boolean }

type Props = SuggestionProps<MentionCandidate, MentionNodeAttrs> & { ref?: Ref<MentionListHandle> }

/**
 * The @mention picker (as for comments, 002 §5): up to 5 people, arrows
 * and Enter or Tab choose, Escape closes; 'No users found' without a match.
 * Focus stays in the editor; the list is announced as a listbox whose
 * active option follows the arrows.
 */
export function MentionList({ items, command, ref, query }: Props) {
  const [active, setActive] = useState(0)
  const [lastQuery, setLastQuery] = useState(query)
  if (query !== lastQuery) {
    setLastQuery(query)
    setActive(0)
  }
  const shown = items.slice(0, 5)

  useImperativeHandle(ref, () => ({
    onKeyDown: ({ event }) => {
      if (shown.length === 0) return false
      if (event.key === 'ArrowDown') {
        setActive((i) => (i + 1) % shown.length)
        return true
      }
      if (event.key === 'ArrowUp') {
        setActive((i) => (i + shown.length - 1) % shown.length)
        return true
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const item = shown[active]
        if (item) command(item)
        return true
      }
      return false
    },
  }))

  return (
    <div
      role="listbox"
      aria-label="People to mention"
      className="z-50 grid min-w-56 gap-0.5 rounded-md border bg-popover p-1 text-sm text-popover-foreground shadow-md"
    >
      {shown.length === 0 ? (
        <p className="px-2 py-1.5 text-muted-foreground">No users found</p>
      ) : (
        shown.map((item, i) => (
          <button
            key={item.id}
            type="button"
            role="option"
            aria-selected={i === active}
            // Keep the editor's focus and selection.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => command(item)}
            className={cn(
              'flex flex-col items-start rounded-sm px-2 py-1.5 text-left outline-none',
              i === active && 'bg-accent text-accent-foreground',
            )}
          >
            <span className="font-medium">{item.label}</span>
            {item.email && item.email !== item.label ? <span className="text-xs text-muted-foreground">{item.email}</span> : null}
          </button>
        ))
      )}
    </div>
  )
}

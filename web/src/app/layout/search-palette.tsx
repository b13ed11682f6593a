import { useDeferredValue, useState } from 'react'
import { useNavigate } from 'react-router'
import { useRequiredUser } from '@/lib/auth-store'
import type { Command } from '@/lib/commands'
import { previewOf } from '@/lib/markdown-text'
import { useEntrySearch } from '@/features/journal/api/search-entries'
import { useNoteSearch } from '@/features/notes/api/search-notes'
import { CommandPalette, type PaletteResultGroup } from '@/features/shell/components/command-palette'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; commands: readonly Command[] }

/**
 * The command palette with the user's notes and journal entries found for
 * the typed text (search_user_content), after the matching commands.
 */
export function SearchPalette(props: Props) {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const term = useDeferredValue(query)
  const notes = useNoteSearch(user.id, term)
  const entries = useEntrySearch(user.id, term)
  const results: PaletteResultGroup[] = [
    {
      heading: 'Notes',
      loading: notes.isFetching,
      items: (notes.data ?? []).map((n) => ({
        id: n.id,
        label: n.title || 'Untitled',
        hint: previewOf(n.snippet ?? '', 80),
        run: () => navigate(`/app/notes/${n.id}`),
      })),
    },
    {
      heading: 'Journal',
      loading: entries.isFetching,
      items: (entries.data ?? []).map((e) => ({
        id: e.id,
        label: e.title || 'Untitled entry',
        hint: previewOf(e.snippet ?? '', 80),
        run: () => navigate(`/app/journal/${e.id}`),
      })),
    },
  ]
  return <CommandPalette {...props} query={query} onQueryChange={setQuery} results={results} />
}

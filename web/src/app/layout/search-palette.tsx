import { BookOpen, CheckSquare, ClockCounterClockwise, Folder, MagnifyingGlass, NotePencil, Tag, Trash } from '@phosphor-icons/react'
import { type ReactNode, useDeferredValue, useState } from 'react'
import { useNavigate } from 'react-router'
import { useRequiredUser } from '@/lib/auth-store'
import type { Command } from '@/lib/commands'
import { previewOf } from '@/lib/markdown-text'
import { useRecentSearches } from '@/features/shell/api/recent-searches'
import { type ContentHit, type ContentKind, useSearchEverything } from '@/features/shell/api/search-everything'
import { CommandPalette, type PaletteResultGroup } from '@/features/shell/components/command-palette'
import { useFilterPalette } from '@/features/tasks/filter-query/use-filter-palette'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; commands: readonly Command[] }

const icon = (I: typeof Folder): ReactNode => <I size={16} aria-hidden className="shrink-0 text-muted-foreground" />

/** The palette's categories of found content, in the spec's order (001 §9), then Daybase's notes and journal. */
const CATEGORIES: readonly { kind: ContentKind; heading: string; icon: ReactNode; to: (hit: ContentHit) => string }[] = [
  { kind: 'task', heading: 'Tasks', icon: icon(CheckSquare), to: (h) => `/app/tasks?view=all&taskId=${h.id}` },
  { kind: 'project', heading: 'Projects', icon: icon(Folder), to: (h) => `/app/tasks/project/${h.id}` },
  { kind: 'tag', heading: 'Tags', icon: icon(Tag), to: (h) => `/app/search?q=${encodeURIComponent(h.title)}` },
  { kind: 'note', heading: 'Notes', icon: icon(NotePencil), to: (h) => `/app/notes/${h.id}` },
  { kind: 'journal', heading: 'Journal', icon: icon(BookOpen), to: (h) => `/app/journal/${h.id}` },
]

const fallbackTitle: Record<ContentKind, string> = {
  task: 'Untitled task',
  project: 'Untitled project',
  tag: 'Tag',
  note: 'Untitled',
  journal: 'Untitled entry',
}

/**
 * The search palette (001 §9): with nothing typed, the last five searches
 * and every command; with a term, "search everything" first (Enter goes to
 * /app/search?q=), then Tasks, Projects, Tags (and notes and journal
 * entries) from search_user_content, then the matching commands, Navigation
 * first. A search is remembered when the user goes to a result.
 */
export function SearchPalette(props: Props) {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const [query, setQuery] = useState('')
  const deferred = useDeferredValue(query)
  // Filter mode (issue 26): "Filter: …" lists only what the query matches.
  const filter = useFilterPalette(user.id, deferred)
  const found = useSearchEverything(user.id, filter.explicit ? '' : deferred)
  const recent = useRecentSearches(user.id)
  const term = found.term

  const open = (to: string) => {
    recent.remember(term)
    navigate(to)
  }

  const results: PaletteResultGroup[] = filter.explicit ? [...filter.groups] : []
  if (query.trim() === '') {
    results.push({
      heading: 'Recent searches',
      items: recent.searches.length
        ? [
            ...recent.searches.map((s) => ({
              id: `recent:${s}`,
              label: s,
              icon: icon(ClockCounterClockwise),
              keepOpen: true,
              run: () => setQuery(s),
            })),
            { id: 'recent:clear', label: 'Clear recent searches', icon: icon(Trash), keepOpen: true, run: recent.clear },
          ]
        : [],
    })
  } else if (term) {
    results.push({
      heading: 'Search',
      items: [
        {
          id: 'search-all',
          label: `Search everything for “${term}”`,
          hint: 'Tasks, notes and journal',
          icon: icon(MagnifyingGlass),
          run: () => open(`/app/search?q=${encodeURIComponent(term)}`),
        },
      ],
    })
    // A text that reads as a query also lists its tasks, after "search everything".
    results.push(...(filter.explicit ? [] : filter.groups))
    const hits = found.data ?? []
    for (const c of CATEGORIES) {
      results.push({
        heading: c.heading,
        loading: c.kind === 'task' && found.isFetching && !found.data,
        items: hits
          .filter((h) => h.kind === c.kind)
          .map((h) => ({
            id: `${c.kind}:${h.id}`,
            label: h.title || fallbackTitle[c.kind],
            ...(h.snippet ? { hint: previewOf(h.snippet, 80) } : {}),
            icon: c.icon,
            run: () => open(c.to(h)),
          })),
      })
    }
  }

  return (
    <CommandPalette
      {...props}
      query={query}
      onQueryChange={setQuery}
      results={results}
      notice={filter.notice}
      placeholder="Search tasks, notes, and more..."
    />
  )
}

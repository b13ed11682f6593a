import { CaretRight, MagnifyingGlass } from '@phosphor-icons/react'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { Input } from '@/components/ui/input'
import { byArea, searchArticles } from '../utils/articles'

/**
 * The help center: every article grouped by area, each a disclosure
 * (native details/summary: keyboard and screen readers for free), and a
 * search that narrows them as you type. An article's id is its anchor
 * (/app/help#two-factor opens it).
 */
export function HelpArticles() {
  const [query, setQuery] = useState('')
  const found = searchArticles(query)
  const open = useLocation().hash.slice(1)
  return (
    <div className="grid gap-4">
      <div className="relative">
        <MagnifyingGlass size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search help articles"
          aria-label="Search help articles"
          className="pl-9"
        />
      </div>
      <p className="sr-only" role="status">
        {found.length} {found.length === 1 ? 'article' : 'articles'}
      </p>
      {found.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          No article matches “{query.trim()}”. Try another word, or ask support from the two-factor recovery dialog.
        </p>
      ) : (
        byArea(found).map(([area, articles]) => (
          <section key={area} aria-label={area} className="grid gap-2">
            <h3 className="text-sm font-medium text-muted-foreground">{area}</h3>
            <ul className="grid divide-y rounded-lg border">
              {articles.map((a) => (
                <li key={a.id} id={a.id} className="scroll-mt-4">
                  <details className="group" open={query.trim() !== '' || open === a.id}>
                    <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-3 font-medium hover:bg-accent/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                      <CaretRight size={14} className="shrink-0 text-muted-foreground transition-transform group-open:rotate-90" aria-hidden />
                      {a.title}
                    </summary>
                    <div className="grid gap-2 px-4 pb-4 pl-10 text-sm text-muted-foreground">
                      {a.body.map((p) => (
                        <p key={p}>{p}</p>
                      ))}
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  )
}

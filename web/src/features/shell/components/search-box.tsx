import { MagnifyingGlass } from '@phosphor-icons/react'
import { type FormEvent, useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Input } from '@/components/ui/input'
import { useRequiredUser } from '@/lib/auth-store'
import { useRecentSearches } from '../api/recent-searches'

/** Header search: submitting goes to /app/search?q=… (spec 001 §9) and is remembered with the palette's recent searches. */
export function SearchBox() {
  const navigate = useNavigate()
  const recent = useRecentSearches(useRequiredUser().id)
  const [params] = useSearchParams()
  const [query, setQuery] = useState(params.get('q') ?? '')

  useEffect(() => setQuery(params.get('q') ?? ''), [params])

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const q = query.trim()
    if (!q) return
    recent.remember(q)
    navigate(`/app/search?q=${encodeURIComponent(q)}`)
  }

  return (
    <form role="search" onSubmit={onSubmit} className="relative w-full max-w-md">
      <MagnifyingGlass
        size={16}
        className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        aria-label="Search"
        placeholder="Search tasks, notes, and more..."
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        className="h-8 pl-8"
      />
    </form>
  )
}

import { PencilSimple, Plus, Trash } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { useRequiredUser } from '@/lib/auth-store'
import { useSmartFilters } from '../api/get-smart-filters'
import { useCleanupDuplicateFilters, useSetHideWhenEmpty } from '../api/smart-filter-mutations'
import { useSmartFilterDialogStore } from '../stores/smart-filter-dialog-store'
import { SmartFilterDialogsHost } from './smart-filter-dialogs-host'
import { filterIcon } from './view-icons'

/**
 * Settings #smart-filters (001 §2): the custom filters, with new, edit and
 * delete; the built-in ones, read-only but for hiding them when empty
 * (decisions: "System smart filters are read-only"); duplicate cleanup.
 */
export function SmartFiltersSettings() {
  const user = useRequiredUser()
  const filters = useSmartFilters(user.id)
  const open = useSmartFilterDialogStore((s) => s.open)
  const custom = (filters.data ?? []).filter((f) => !f.system_key)
  const builtIn = (filters.data ?? []).filter((f) => f.system_key && f.system_key !== 'inbox')
  const setHide = useSetHideWhenEmpty(user.id)
  const cleanup = useCleanupDuplicateFilters(user.id)
  return (
    <div className="grid gap-3">
      {filters.isPending ? (
        <Skeleton className="h-20" />
      ) : custom.length === 0 ? (
        <p className="text-sm text-muted-foreground">No custom filters yet. The built-in views (Inbox, Today, Upcoming…) are always there.</p>
      ) : (
        <ul aria-label="Custom smart filters" className="divide-y rounded-lg border">
          {custom.map((f) => {
            const Icon = filterIcon(f.icon_name)
            return (
              <li key={f.id} className="flex items-center gap-3 px-3 py-2">
                <Icon size={18} style={{ color: f.color }} aria-hidden />
                <Link to={`/app/tasks/smart-filter/${f.id}`} className="min-w-0 flex-1 truncate text-sm font-medium hover:underline">
                  {f.name}
                </Link>
                {f.hide_when_empty ? <span className="text-xs text-muted-foreground">Hidden when empty</span> : null}
                <Button variant="ghost" size="icon-sm" aria-label={`Edit ${f.name}`} onClick={() => open({ kind: 'edit', filterId: f.id })}>
                  <PencilSimple size={16} aria-hidden />
                </Button>
                <Button variant="ghost" size="icon-sm" aria-label={`Delete ${f.name}`} onClick={() => open({ kind: 'delete', filterId: f.id })}>
                  <Trash size={16} aria-hidden />
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => open({ kind: 'create' })}>
          <Plus size={16} aria-hidden /> New smart filter
        </Button>
        <Button variant="ghost" disabled={cleanup.isPending} onClick={() => cleanup.mutate()}>
          Clean up duplicates
        </Button>
      </div>
      {builtIn.length ? (
        <section aria-labelledby="built-in-filters" className="grid gap-2 pt-2">
          <h3 id="built-in-filters" className="text-sm font-semibold">Built-in filters</h3>
          <p className="text-xs text-muted-foreground">Their conditions are fixed; you can hide each one from the sidebar while it has no tasks.</p>
          <ul aria-label="Built-in smart filters" className="divide-y rounded-lg border">
            {builtIn.map((f) => {
              const Icon = filterIcon(f.icon_name)
              const id = `hide-${f.id}`
              return (
                <li key={f.id} className="flex items-center gap-3 px-3 py-2">
                  <Icon size={18} style={{ color: f.color }} aria-hidden />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{f.name}</span>
                  <span className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">Built in</span>
                  <label htmlFor={id} className="text-xs text-muted-foreground">
                    Hide when empty
                  </label>
                  <Switch
                    id={id}
                    aria-label={`Hide ${f.name} when empty`}
                    checked={f.hide_when_empty}
                    onCheckedChange={(hide) => setHide.mutate({ id: f.id, hide })}
                  />
                </li>
              )
            })}
          </ul>
        </section>
      ) : null}
      <SmartFilterDialogsHost />
    </div>
  )
}

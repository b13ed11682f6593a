import { PencilSimple, Plus, Trash } from '@phosphor-icons/react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useRequiredUser } from '@/lib/auth-store'
import { useSmartFilters } from '../api/get-smart-filters'
import { useSmartFilterDialogStore } from '../stores/smart-filter-dialog-store'
import { SmartFilterDialogsHost } from './smart-filter-dialogs-host'
import { filterIcon } from './view-icons'

/** Settings #smart-filters (001 §2): the custom filters, with new, edit and delete. */
export function SmartFiltersSettings() {
  const user = useRequiredUser()
  const filters = useSmartFilters(user.id)
  const open = useSmartFilterDialogStore((s) => s.open)
  const custom = (filters.data ?? []).filter((f) => !f.system_key)
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
      <Button variant="outline" className="justify-self-start" onClick={() => open({ kind: 'create' })}>
        <Plus size={16} aria-hidden /> New smart filter
      </Button>
      <SmartFilterDialogsHost />
    </div>
  )
}

import { ArrowLeft, ArrowRight, ClockCounterClockwise } from '@phosphor-icons/react'
import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { useNavHistoryStore } from '../stores/nav-history-store'
import { useShellStore } from '../stores/shell-store'
import { AREA_ICONS, AREA_LABELS, areaOf } from '../utils/modules'

/** Records every /app path and offers back, forward and the recent screens menu. */
export function HistoryControls() {
  const location = useLocation()
  const navigate = useNavigate()
  const { entries, index, visit, back, forward } = useNavHistoryStore()
  const recentOpen = useShellStore((s) => s.recentOpen)
  const setRecentOpen = useShellStore((s) => s.setRecentOpen)
  const path = `${location.pathname}${location.search}`

  useEffect(() => visit(path), [path, visit])

  const recent = entries.filter((_, i) => i !== index).reverse()
  return (
    <div className="flex items-center gap-0.5">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Go back"
        disabled={index <= 0}
        onClick={() => {
          const to = back()
          if (to) navigate(to)
        }}
      >
        <ArrowLeft size={18} aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Go forward"
        disabled={index >= entries.length - 1}
        onClick={() => {
          const to = forward()
          if (to) navigate(to)
        }}
      >
        <ArrowRight size={18} aria-hidden />
      </Button>
      <DropdownMenu open={recentOpen} onOpenChange={setRecentOpen}>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label="Recent screens">
            <ClockCounterClockwise size={18} aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel>Recent screens</DropdownMenuLabel>
          {recent.length === 0 ? (
            <DropdownMenuItem disabled>No recent screens</DropdownMenuItem>
          ) : (
            recent.map((p) => {
              const area = areaOf(p.split('?')[0] ?? p)
              const Icon = area ? AREA_ICONS[area] : ClockCounterClockwise
              return (
                <DropdownMenuItem key={p} onSelect={() => navigate(p)}>
                  <Icon size={16} weight="duotone" aria-hidden />
                  <span className="truncate">
                    {area ? AREA_LABELS[area] : p}
                    <span className="ml-1 text-xs text-muted-foreground">{p}</span>
                  </span>
                </DropdownMenuItem>
              )
            })
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  )
}

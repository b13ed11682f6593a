import { ArrowLeft, ArrowRight } from '@phosphor-icons/react'
import { lazy, useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { DeferredMenu } from '@/components/ui/deferred-menu'
import { useNavHistoryStore } from '../stores/nav-history-store'
import { useShellStore } from '../stores/shell-store'
import { RecentScreensButton } from './recent-screens-button'

const loadRecent = () => import('./recent-screens-menu')
const RecentScreensMenu = lazy(loadRecent)

/** Records every /app path and offers back, forward and the recent screens menu. */
export function HistoryControls() {
  const location = useLocation()
  const navigate = useNavigate()
  const { entries, index, visit, back, forward } = useNavHistoryStore()
  const recentOpen = useShellStore((s) => s.recentOpen)
  const setRecentOpen = useShellStore((s) => s.setRecentOpen)
  const path = `${location.pathname}${location.search}`

  useEffect(() => visit(path), [path, visit])

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
      <DeferredMenu
        menu={RecentScreensMenu}
        preload={loadRecent}
        trigger={<RecentScreensButton />}
        open={recentOpen}
        onOpenChange={setRecentOpen}
      />
    </div>
  )
}

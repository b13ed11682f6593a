import { CircleNotch, ClockCounterClockwise } from '@phosphor-icons/react'
import { Button, type ButtonProps } from '@/components/ui/button'

/** The recent screens menu's trigger; busy for a moment after a pick (recent-screens-menu.tsx). */
export function RecentScreensButton({ busy = false, ...props }: ButtonProps & { busy?: boolean }) {
  return (
    <Button variant="ghost" size="icon-sm" aria-label="Recent screens" aria-busy={busy || undefined} {...props}>
      {busy ? <CircleNotch size={18} className="animate-spin" aria-hidden /> : <ClockCounterClockwise size={18} aria-hidden />}
    </Button>
  )
}

import { ClockCounterClockwise } from '@phosphor-icons/react'
import { Button, type ButtonProps } from '@/components/ui/button'

/** The recent screens menu's trigger. */
export function RecentScreensButton(props: ButtonProps) {
  return (
    <Button variant="ghost" size="icon-sm" aria-label="Recent screens" {...props}>
      <ClockCounterClockwise size={18} aria-hidden />
    </Button>
  )
}

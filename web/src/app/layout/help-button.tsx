import { Question } from '@phosphor-icons/react'
import { Button, type ButtonProps } from '@/components/ui/button'

/** The help menu's trigger. */
export function HelpButton(props: ButtonProps) {
  return (
    <Button variant="ghost" size="icon-sm" aria-label="Help menu" {...props}>
      <Question size={20} aria-hidden />
    </Button>
  )
}

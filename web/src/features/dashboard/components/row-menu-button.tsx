import { DotsThreeVertical } from '@phosphor-icons/react'
import { Button, type ButtonProps } from '@/components/ui/button'

/** The trigger of a task row's menu; shown alone until the menu's code is there (row-menu.tsx). */
export function RowMenuButton({ title, ...props }: ButtonProps & { title: string }) {
  return (
    <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${title}`} className="text-muted-foreground" {...props}>
      <DotsThreeVertical size={16} weight="bold" aria-hidden />
    </Button>
  )
}

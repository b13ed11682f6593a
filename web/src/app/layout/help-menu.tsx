import { Question } from '@phosphor-icons/react'
import { lazy } from 'react'
import { Button, type ButtonProps } from '@/components/ui/button'
import { DeferredMenu } from '@/components/ui/deferred-menu'

/** The help menu's trigger. */
export function HelpButton(props: ButtonProps) {
  return (
    <Button variant="ghost" size="icon-sm" aria-label="Help menu" {...props}>
      <Question size={20} aria-hidden />
    </Button>
  )
}

const load = () => import('./help-menu-content')
const HelpMenuContent = lazy(load)

/** Help menu (spec 000 §2): shortcuts, help center, privacy choices; its items load on first use. */
export function HelpMenu() {
  return <DeferredMenu menu={HelpMenuContent} preload={load} trigger={<HelpButton />} />
}

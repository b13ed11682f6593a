import { lazy } from 'react'
import { DeferredMenu } from '@/components/ui/deferred-menu'
import { HelpButton } from './help-button'

const load = () => import('./help-menu-content')
const HelpMenuContent = lazy(load)

/** Help menu (spec 000 §2): shortcuts, help center, privacy choices; its items load on first use. */
export function HelpMenu() {
  return <DeferredMenu menu={HelpMenuContent} preload={load} trigger={<HelpButton />} />
}

import type { ReactNode } from 'react'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet'
import { IconRail, type RailAddons } from './icon-rail'

type MobileDrawerProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The module sidebar of the current area, if it has one. */
  sidebar: ReactNode
  onNavigate: () => void
  railAddons?: RailAddons
}

/** Up to 768 px: the icon rail and the module sidebar in a slide-in drawer (spec 000 §2). */
export default function MobileDrawer({ open, onOpenChange, sidebar, onNavigate, railAddons }: MobileDrawerProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent data-sidebar>
        <SheetTitle className="px-4 pt-4 text-base font-semibold">Daybase</SheetTitle>
        <SheetDescription className="sr-only">Modules and sections</SheetDescription>
        <div className="flex flex-1 flex-col overflow-y-auto">
          <IconRail expanded onNavigate={onNavigate} addons={railAddons} />
          {sidebar ? <div className="border-t p-2">{sidebar}</div> : null}
        </div>
      </SheetContent>
    </Sheet>
  )
}

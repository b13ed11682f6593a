import { Tabs as TabsPrimitive } from 'radix-ui'
import { type ComponentProps, type MouseEvent, createContext, useContext, useState } from 'react'
import { cn } from '@/lib/cn'

/** Chooses a tab of the enclosing Tabs, as Radix does on a press. */
const ChooseTab = createContext<(value: string) => void>(() => {})

/** Radix's Tabs, controlled or not, telling its triggers how to choose a tab (TabsTrigger's click). */
export function Tabs({ value, defaultValue, onValueChange, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  const [own, setOwn] = useState(defaultValue)
  const choose = (next: string) => {
    setOwn(next)
    onValueChange?.(next)
  }
  return (
    <ChooseTab.Provider value={choose}>
      <TabsPrimitive.Root value={value ?? own} onValueChange={choose} {...props} />
    </ChooseTab.Provider>
  )
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('inline-flex h-9 w-full items-center rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  )
}

export function TabsTrigger({ className, onClick, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const choose = useContext(ChooseTab)
  // Radix chooses a tab on mousedown, a key or focus, never on a click. A
  // click with none of them before it is the one index.html kept while a
  // prerendered page was not yet the app's, clicked again after hydration
  // (lib/early-clicks.ts): it chooses the tab too.
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event)
    if (!event.defaultPrevented && !event.ctrlKey && !props.disabled && event.currentTarget.dataset.state !== 'active') choose(props.value)
  }
  return (
    <TabsPrimitive.Trigger
      onClick={click}
      className={cn(
        'inline-flex h-full flex-1 items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  )
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 outline-none', className)} {...props} />
}

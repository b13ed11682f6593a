import { Command as Cmdk } from 'cmdk'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { type ReactNode, useEffect, useState } from 'react'
import { type Command, type CommandGroup, filterCommands } from '@/lib/commands'
import { formatShortcut, isMacPlatform } from '@/lib/shortcuts'

const GROUP_ORDER: CommandGroup[] = ['Navigation', 'General', 'Tasks', 'Focus', 'Appearance', 'Account', 'Help']
const GROUP_CLASS =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground'
const ITEM_CLASS =
  'flex cursor-default items-center justify-between gap-2 rounded-md px-2 py-2 text-sm data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground'

/** A category of things found for what was typed (tasks, projects, ...) or remembered (recent searches). */
export type PaletteResultGroup = {
  heading: string
  loading?: boolean
  items: readonly { id: string; label: string; hint?: string; icon?: ReactNode; keepOpen?: boolean; run: () => void }[]
}

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  commands: readonly Command[]
  /** The typed text, when the caller searches with it. */
  query?: string
  onQueryChange?: (query: string) => void
  /** Shown before the commands, in the given order. */
  results?: readonly PaletteResultGroup[]
  placeholder?: string
  /** Shown under the input, above the results (a filter query's error). */
  notice?: ReactNode
}

/**
 * Ctrl/Cmd+K, / and f: what the caller found for the typed text, then every
 * matching command by group (Navigation first). The order is ours, not
 * cmdk's scoring, so the categories stay where the spec puts them; arrows
 * move through every item, Alt+arrows jump between categories.
 */
export function CommandPalette({ open, onOpenChange, commands, query, onQueryChange, results = [], placeholder, notice }: Props) {
  const isMac = isMacPlatform()
  const controlled = query !== undefined
  const matching = filterCommands(commands, query ?? '')
  const anything = !!notice || matching.length > 0 || results.some((g) => g.loading || g.items.length > 0)
  // cmdk keeps its highlight on an item that stays when others arrive above
  // it; with our own order the first item (search everything, the newest
  // recent search) must be what Enter runs, so a new text or a new first
  // item moves the highlight back to the top.
  const firstGroup = results.find((g) => g.items.length > 0)
  const firstCommand = GROUP_ORDER.flatMap((g) => matching.filter((c) => c.group === g))[0]
  const first = firstGroup?.items[0]
    ? `${firstGroup.heading}:${firstGroup.items[0].id}`
    : firstCommand
      ? `${firstCommand.label} ${firstCommand.id}`
      : ''
  const [active, setActive] = useState(first)
  useEffect(() => setActive(first), [query, first])
  return (
    <Cmdk.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label="Command palette"
      shouldFilter={!controlled}
      {...(controlled ? { value: active, onValueChange: setActive } : {})}
      loop
      overlayClassName="fixed inset-0 z-50 bg-black/50"
      contentClassName="fixed top-[15vh] left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-lg"
    >
      <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
      <DialogPrimitive.Description className="sr-only">
        Type to search or find a command, then press Enter. Alt with the arrow keys jumps between categories.
      </DialogPrimitive.Description>
      <Cmdk.Input
        {...(controlled ? { value: query } : {})}
        {...(onQueryChange ? { onValueChange: onQueryChange } : {})}
        placeholder={placeholder ?? 'Type a command or go to…'}
        className="h-11 w-full border-b bg-transparent px-4 text-sm outline-none placeholder:text-muted-foreground"
      />
      {notice ? <div className="border-b px-4 py-2">{notice}</div> : null}
      <Cmdk.List className="max-h-[min(24rem,60vh)] overflow-y-auto p-2">
        {anything ? null : <div className="px-2 py-6 text-center text-sm text-muted-foreground">No results</div>}
        {results.map((group) =>
          group.items.length === 0 && !group.loading ? null : (
            <Cmdk.Group key={group.heading} heading={group.heading} className={GROUP_CLASS}>
              {group.loading && group.items.length === 0 ? (
                <Cmdk.Loading className="px-2 py-2 text-sm text-muted-foreground">Searching…</Cmdk.Loading>
              ) : null}
              {group.items.map((item) => (
                <Cmdk.Item
                  key={item.id}
                  value={`${group.heading}:${item.id}`}
                  onSelect={() => {
                    if (!item.keepOpen) onOpenChange(false)
                    item.run()
                  }}
                  className={ITEM_CLASS}
                >
                  <span className="flex min-w-0 items-center gap-2">
                    {item.icon}
                    <span className="grid min-w-0">
                      <span className="truncate">{item.label}</span>
                      {item.hint ? <span className="truncate text-xs text-muted-foreground">{item.hint}</span> : null}
                    </span>
                  </span>
                </Cmdk.Item>
              ))}
            </Cmdk.Group>
          ),
        )}
        {GROUP_ORDER.map((group) => {
          const items = matching.filter((c) => c.group === group)
          if (items.length === 0) return null
          return (
            <Cmdk.Group key={group} heading={group} className={GROUP_CLASS}>
              {items.map((c) => (
                <Cmdk.Item
                  key={c.id}
                  value={`${c.label} ${c.id}`}
                  keywords={[...(c.keywords ?? []), c.group]}
                  onSelect={() => {
                    onOpenChange(false)
                    c.run()
                  }}
                  className={ITEM_CLASS}
                >
                  {c.label}
                  {c.shortcuts?.[0] ? (
                    <kbd className="text-xs text-muted-foreground">{formatShortcut(c.shortcuts[0], isMac)}</kbd>
                  ) : null}
                </Cmdk.Item>
              ))}
            </Cmdk.Group>
          )
        })}
      </Cmdk.List>
    </Cmdk.Dialog>
  )
}

import { Command as Cmdk } from 'cmdk'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { type Command, type CommandGroup, isEnabled } from '@/lib/commands'
import { formatShortcut, isMacPlatform } from '@/lib/shortcuts'

const GROUP_ORDER: CommandGroup[] = ['Navigation', 'General', 'Tasks', 'Focus', 'Appearance', 'Account', 'Help']
const GROUP_CLASS =
  '[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground'
const ITEM_CLASS =
  'flex cursor-default items-center justify-between gap-2 rounded-md px-2 py-2 text-sm data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground'

/** Results found elsewhere for what was typed (notes, journal entries), shown after the commands. */
export type PaletteResultGroup = {
  heading: string
  loading?: boolean
  items: readonly { id: string; label: string; hint?: string; run: () => void }[]
}

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  commands: readonly Command[]
  /** The typed text, when the caller searches with it. */
  query?: string
  onQueryChange?: (query: string) => void
  results?: readonly PaletteResultGroup[]
}

/** Ctrl/Cmd+K: every command, searchable, run with Enter; and what the caller found for the typed text. */
export function CommandPalette({ open, onOpenChange, commands, query, onQueryChange, results = [] }: Props) {
  const isMac = isMacPlatform()
  const enabled = commands.filter(isEnabled)
  return (
    <Cmdk.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label="Command palette"
      overlayClassName="fixed inset-0 z-50 bg-black/50"
      contentClassName="fixed top-[15vh] left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-lg"
    >
      <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
      <DialogPrimitive.Description className="sr-only">Type to find a command, then press Enter.</DialogPrimitive.Description>
      <Cmdk.Input
        {...(query !== undefined ? { value: query } : {})}
        {...(onQueryChange ? { onValueChange: onQueryChange } : {})}
        placeholder={results.length ? 'Type a command, or search notes and journal…' : 'Type a command or go to…'}
        className="h-11 w-full border-b bg-transparent px-4 text-sm outline-none placeholder:text-muted-foreground"
      />
      <Cmdk.List className="max-h-80 overflow-y-auto p-2">
        {results.some((g) => g.loading || g.items.length > 0) ? null : (
          <Cmdk.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">No matching commands</Cmdk.Empty>
        )}
        {GROUP_ORDER.map((group) => {
          const items = enabled.filter((c) => c.group === group)
          if (items.length === 0) return null
          return (
            <Cmdk.Group
              key={group}
              heading={group}
              className={GROUP_CLASS}
            >
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
        {results.map((group) =>
          group.items.length === 0 && !group.loading ? null : (
            // Found by the server, not by cmdk's own matching: always shown.
            <Cmdk.Group key={group.heading} heading={group.heading} forceMount className={GROUP_CLASS}>
              {group.loading && group.items.length === 0 ? (
                <Cmdk.Loading className="px-2 py-2 text-sm text-muted-foreground">Searching…</Cmdk.Loading>
              ) : null}
              {group.items.map((item) => (
                <Cmdk.Item
                  key={item.id}
                  value={`${group.heading}:${item.id}`}
                  forceMount
                  onSelect={() => {
                    onOpenChange(false)
                    item.run()
                  }}
                  className={ITEM_CLASS}
                >
                  <span className="grid min-w-0">
                    <span className="truncate">{item.label}</span>
                    {item.hint ? <span className="truncate text-xs text-muted-foreground">{item.hint}</span> : null}
                  </span>
                </Cmdk.Item>
              ))}
            </Cmdk.Group>
          ),
        )}
      </Cmdk.List>
    </Cmdk.Dialog>
  )
}

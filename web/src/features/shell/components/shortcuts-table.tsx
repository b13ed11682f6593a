import type { Command } from '@/lib/commands'
import { formatShortcut, isMacPlatform } from '@/lib/shortcuts'

/** Every command that has a shortcut, with its keys. */
export function ShortcutsTable({ commands }: { commands: readonly Command[] }) {
  const isMac = isMacPlatform()
  const rows = commands.filter((c) => c.shortcuts?.length)
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Keyboard shortcuts</caption>
      <thead>
        <tr className="text-left text-xs text-muted-foreground">
          <th scope="col" className="py-1 font-medium">
            Action
          </th>
          <th scope="col" className="py-1 font-medium">
            Keys
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.id} className="border-t">
            <td className="py-1.5">{c.label}</td>
            <td className="py-1.5">
              <span className="flex flex-wrap gap-1">
                {(c.shortcuts ?? []).map((s) => {
                  const text = formatShortcut(s, isMac)
                  return (
                    <kbd key={text} className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                      {text}
                    </kbd>
                  )
                })}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

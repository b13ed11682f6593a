import { Copy, DownloadSimple } from '@phosphor-icons/react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { downloadText } from '@/lib/download'
import { toast } from '@/lib/toast'
import type { SqlStatement } from '../api/run-sql'
import { toCSV, toTSV } from '../utils/csv'

const ROW_HEIGHT = 28
const MIN_WIDTH = 72
const MAX_WIDTH = 360
const CHAR_WIDTH = 7.4 // px of a 12 px monospace digit, near enough for sizing

/**
 * Column widths from the header and the first rows, fixed before the first
 * paint: scrolling never makes a column jump.
 */
function columnWidths(st: SqlStatement): number[] {
  return st.columns.map((c, i) => {
    let chars = c.name.length + 1 + c.type.length
    for (const row of st.rows.slice(0, 200)) chars = Math.max(chars, row[i]?.length ?? 4)
    return Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, chars * CHAR_WIDTH + 20)))
  })
}

type Selected = { row: number; col: number } | null

/**
 * One statement's rows as a table whose body is virtualised: only the rows
 * in view (plus a few) are in the DOM, so 10,000 rows render as fast as 30.
 * A click selects a cell, shown whole below; Copy puts the rows on the
 * clipboard as tab-separated text, Download CSV saves them.
 */
export function ResultsGrid({ statement, label }: { statement: SqlStatement; label: string }) {
  const scroller = useRef<HTMLDivElement>(null)
  const widths = useMemo(() => columnWidths(statement), [statement])
  const total = widths.reduce((a, b) => a + b, 0) + 56
  const [selected, setSelected] = useState<Selected>(null)
  const virtual = useVirtualizer({
    count: statement.rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  // A new result starts at the top with nothing selected.
  useLayoutEffect(() => {
    setSelected(null)
    scroller.current?.scrollTo({ top: 0 })
  }, [statement])

  const names = statement.columns.map((c) => c.name)
  const copy = async () => {
    await navigator.clipboard.writeText(toTSV(names, statement.rows))
    toast.success(`Copied ${statement.rows.length.toLocaleString()} rows`)
  }
  const download = () => downloadText(`daybase-query-${new Date().toISOString().slice(0, 19).replaceAll(':', '')}.csv`, toCSV(names, statement.rows), 'text/csv')
  const items = virtual.getVirtualItems()
  const padTop = items[0]?.start ?? 0
  const padBottom = virtual.getTotalSize() - (items.at(-1)?.end ?? 0)
  const cell = selected ? statement.rows[selected.row]?.[selected.col] : undefined

  return (
    <div className="grid min-h-0 gap-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <p className="text-muted-foreground" aria-live="polite">
          {statement.rowCount.toLocaleString()} {statement.rowCount === 1 ? 'row' : 'rows'}
          {statement.truncated ? ` (first ${statement.rows.length.toLocaleString()} shown)` : ''}
        </p>
        <div className="ml-auto flex gap-2">
          <Button variant="outline" size="sm" onClick={() => void copy()}>
            <Copy size={14} aria-hidden /> Copy
          </Button>
          <Button variant="outline" size="sm" onClick={download}>
            <DownloadSimple size={14} aria-hidden /> Download CSV
          </Button>
        </div>
      </div>
      <div
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={`${label}: results`}
        className="h-[min(60vh,28rem)] overflow-auto rounded-md border bg-background focus-visible:outline-2 focus-visible:outline-ring"
      >
        <table
          aria-rowcount={statement.rows.length + 1}
          className="table-fixed border-separate border-spacing-0 font-mono text-xs"
          style={{ width: total }}
        >
          <colgroup>
            <col style={{ width: 56 }} />
            {widths.map((w, i) => (
              <col key={i} style={{ width: w }} />
            ))}
          </colgroup>
          <thead className="sticky top-0 z-10 bg-muted">
            <tr aria-rowindex={1}>
              <th scope="col" className="h-9 border-b border-r px-2 text-right font-normal text-muted-foreground">
                <span className="sr-only">Row</span>#
              </th>
              {statement.columns.map((c, i) => (
                <th key={i} scope="col" className="h-9 truncate border-b border-r px-2 text-left align-middle" title={`${c.name} (${c.type})`}>
                  <span className="font-semibold text-foreground">{c.name}</span>{' '}
                  <span className="font-normal text-muted-foreground">{c.type}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 ? (
              <tr aria-hidden>
                <td style={{ height: padTop }} colSpan={widths.length + 1} />
              </tr>
            ) : null}
            {items.map((item) => {
              const row = statement.rows[item.index] ?? []
              return (
                <tr key={item.index} aria-rowindex={item.index + 2} style={{ height: ROW_HEIGHT }} className="hover:bg-accent/60">
                  <td className="border-b border-r px-2 text-right text-muted-foreground">{item.index + 1}</td>
                  {row.map((v, c) => {
                    const isSel = selected?.row === item.index && selected.col === c
                    return (
                      <td
                        key={c}
                        onClick={() => setSelected({ row: item.index, col: c })}
                        className={cn(
                          'cursor-default truncate border-b border-r px-2',
                          v === null && 'text-muted-foreground italic',
                          isSel && 'bg-primary/15 outline-2 -outline-offset-2 outline-primary',
                        )}
                      >
                        {v === null ? 'NULL' : v}
                      </td>
                    )
                  })}
                </tr>
              )
            })}
            {padBottom > 0 ? (
              <tr aria-hidden>
                <td style={{ height: padBottom }} colSpan={widths.length + 1} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {selected && cell !== undefined ? (
        <div className="flex items-start gap-2 rounded-md border bg-muted/50 p-2 text-xs">
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="text-muted-foreground">
              Row {selected.row + 1}, {statement.columns[selected.col]?.name}
            </p>
            <pre className="max-h-32 overflow-auto font-mono break-all whitespace-pre-wrap">{cell ?? 'NULL'}</pre>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void navigator.clipboard.writeText(cell ?? '').then(() => toast.success('Value copied'))}
          >
            <Copy size={14} aria-hidden /> Copy value
          </Button>
        </div>
      ) : null}
    </div>
  )
}

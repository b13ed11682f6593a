import { ArrowCounterClockwise, FileArrowUp } from '@phosphor-icons/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useUser } from '@/lib/auth-store'
import { errorMessage } from '@/lib/errors'
import { toast } from '@/lib/toast'
import { browserZone } from '../utils/dates'
import { ColumnMapping, type MappingState } from './column-mapping'
import { type Table, columnValues, detectDateOrder, guessMapping, headerSignature, localeDateOrder, parseGeneric, tableOf } from './generic'
import { type ImportCaps, type ImportOptions, type ImportPlan, type ImportSource, type TaskRow, capProblem, countPlan, detectSource, readCsv } from './model'
import {
  type Progress,
  batchProgress,
  clearPending,
  createBatch,
  currentUsage,
  loadPending,
  type Pending,
  recentBatches,
  savePending,
  sendRows,
  undoImport,
} from './run-import'
import { parseTickTick } from './ticktick'
import { parseTodoist, projectNameOf } from './todoist'

const number = new Intl.NumberFormat()
const SOURCES: Record<ImportSource, string> = { todoist: 'Todoist export', ticktick: 'TickTick backup', csv: 'CSV file' }
const PRIORITY = ['None', 'Low', 'Medium', 'High', 'Urgent']
const PREVIEW_ROWS = 8
const BATCHES_KEY = ['import-batches'] as const

/** Any other CSV: its table, the user's mapping, and whether they are mapping or reviewing the dry run. */
type Generic = { table: Table; state: MappingState; step: 'map' | 'review'; opts: ImportOptions }

type Parsed = { fileName: string; source: ImportSource; plan: ImportPlan; projectName: string; csv?: Generic }

/** A mapping for a new table: the one remembered for the same header while the section is open, else a guess. */
function firstMapping(table: Table, remembered: ReadonlyMap<string, MappingState>): MappingState {
  const known = remembered.get(headerSignature(table.header))
  if (known) return known
  const mapping = guessMapping(table.header)
  const dates = mapping.flatMap((f, i) => (f === 'due_date' || f === 'completed' ? columnValues(table, i) : []))
  const fromData = detectDateOrder(dates)
  return { mapping, dateOrder: fromData ?? localeDateOrder(navigator.language), dateOrderFromData: !!fromData, priorityScale: 'high-first' }
}

/** The generic plan for the current mapping; tasks without a project column go to the project named in the dry run. */
function genericPlan(csv: Generic, projectName: string): ImportPlan {
  return parseGeneric(csv.table, csv.state.mapping, {
    ...csv.opts,
    dateOrder: csv.state.dateOrder,
    priorityScale: csv.state.priorityScale,
    defaultProject: projectName.trim() || null,
  })
}

function planFor(text: string, fileName: string, caps: ImportCaps & { remindersPerTask: number }, remembered: ReadonlyMap<string, MappingState>): Parsed {
  const cells = readCsv(text)
  const source = detectSource(cells)
  const opts = { now: new Date(), timeZone: browserZone(), remindersPerTask: Number.isFinite(caps.remindersPerTask) ? caps.remindersPerTask : undefined }
  if (source === 'csv') {
    const table = tableOf(cells)
    const csv: Generic = { table, state: firstMapping(table, remembered), step: 'map', opts }
    const projectName = projectNameOf(fileName, 'Imported tasks')
    return { fileName, source, plan: genericPlan(csv, projectName), projectName, csv }
  }
  const plan = source === 'todoist' ? parseTodoist(cells, fileName, opts) : parseTickTick(cells, opts)
  const first = plan.rows[0]
  return { fileName, source, plan, projectName: first?.kind === 'project' ? first.name : '' }
}

function Bar({ progress }: { progress: Progress }) {
  const share = progress.total ? progress.done / progress.total : 0
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-label="Importing"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${share * 100}%` }} />
      </div>
      <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
        {number.format(progress.done)} of {number.format(progress.total)} rows imported
      </p>
    </div>
  )
}

function DryRun({ parsed, onProjectName }: { parsed: Parsed; onProjectName: (name: string) => void }) {
  const counts = countPlan(parsed.plan.rows)
  const projects = new Map(parsed.plan.rows.flatMap((r) => (r.kind === 'project' ? [[r.key, r.name] as const] : [])))
  const tasks = parsed.plan.rows.filter((r): r is TaskRow => r.kind === 'task')
  const items: [number, string, string][] = [
    [counts.projects, 'project', 'projects'],
    [counts.tasks, 'task', 'tasks'],
    [counts.subtasks, 'of them a subtask', 'of them subtasks'],
    [counts.completed, 'completed', 'completed'],
    [counts.comments, 'comment', 'comments'],
  ]
  return (
    <div className="grid gap-4" aria-label="Dry run">
      <p className="text-sm">
        <span className="font-medium">{SOURCES[parsed.source]}</span> · {parsed.fileName}. Importing creates:
      </p>
      <ul aria-label="What the import creates" className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {items.map(([n, one, many]) => (
          <li key={many} className="flex justify-between gap-2 border-b py-1">
            <span className="text-muted-foreground">{n === 1 ? one : many}</span>
            <span className="font-medium tabular-nums">{number.format(n)}</span>
          </li>
        ))}
      </ul>
      {(parsed.source === 'todoist' && parsed.projectName) || (parsed.csv && !parsed.csv.state.mapping.includes('project')) ? (
        <div className="grid max-w-sm gap-1.5">
          <Label htmlFor="import-project-name">Project</Label>
          <Input id="import-project-name" value={parsed.projectName} maxLength={100} onChange={(e) => onProjectName(e.target.value)} />
          <p className="text-xs text-muted-foreground">
            A project of this name that you already have is used, not created again.{parsed.csv ? ' Leave it empty for the Inbox.' : ''}
          </p>
        </div>
      ) : null}
      {tasks.length ? (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The first tasks of the file</caption>
            <thead className="bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">Title</th>
                <th className="px-3 py-2 font-medium">Project</th>
                <th className="px-3 py-2 font-medium">Due</th>
                <th className="px-3 py-2 font-medium">Priority</th>
                <th className="hidden px-3 py-2 font-medium sm:table-cell">Tags</th>
              </tr>
            </thead>
            <tbody>
              {tasks.slice(0, PREVIEW_ROWS).map((t) => (
                <tr key={t.key} className="border-t">
                  <td className="max-w-[16rem] truncate px-3 py-2">
                    {t.parent ? <span className="text-muted-foreground">↳ </span> : null}
                    {t.title}
                    {t.recurrence ? <span className="ml-1 text-xs text-muted-foreground">(repeats)</span> : null}
                  </td>
                  <td className="px-3 py-2 text-muted-foreground">{t.project ? (projects.get(t.project) ?? '') : t.parent ? '' : 'Inbox'}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{t.due_date ?? '—'}</td>
                  <td className="px-3 py-2">{PRIORITY[t.priority ?? 0]}</td>
                  <td className="hidden max-w-[10rem] truncate px-3 py-2 text-muted-foreground sm:table-cell">{t.tags ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {tasks.length > PREVIEW_ROWS ? (
            <p className="border-t px-3 py-2 text-xs text-muted-foreground">and {number.format(tasks.length - PREVIEW_ROWS)} more tasks</p>
          ) : null}
        </div>
      ) : null}
      {parsed.plan.problems.length ? (
        <div className="grid gap-1">
          <h4 className="text-sm font-medium">
            {parsed.plan.problems.length === 1 ? '1 row needs a look' : `${number.format(parsed.plan.problems.length)} rows need a look`}
          </h4>
          <ul aria-label="Problems" className="grid max-h-48 gap-1 overflow-y-auto text-xs text-muted-foreground">
            {parsed.plan.problems.map((p, i) => (
              <li key={i}>
                <span className="font-medium text-foreground">Row {p.line}:</span> {p.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

/**
 * Settings → Import (issue 26): a Todoist, TickTick or any CSV file read in the
 * browser, a dry run of what it creates, then an import in chunks with
 * progress that a reload continues, and an undo that removes the batch.
 */
export default function ImportSection({ caps }: { caps: ImportCaps & { remindersPerTask: number } }) {
  const user = useUser()
  const queryClient = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [parsed, setParsed] = useState<Parsed | null>(null)
  const [readError, setReadError] = useState<string | null>(null)
  const [progress, setProgress] = useState<Progress | null>(null)
  const [running, setRunning] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState<(Pending & { done: number }) | null>(null)
  // Mappings by header row, kept while the section is open: the same kind of file maps the same way.
  const mappings = useRef(new Map<string, MappingState>())
  const usage = useQuery({ queryKey: ['import-usage', user?.id], queryFn: () => currentUsage(user?.id ?? ''), enabled: !!user && !!parsed })
  const batches = useQuery({ queryKey: BATCHES_KEY, queryFn: recentBatches, enabled: !!user })

  useEffect(() => {
    const saved = loadPending()
    if (!saved) return
    let live = true
    batchProgress(saved.batchId)
      .then((done) => {
        if (!live) return
        if (done >= saved.rows.length) clearPending()
        else setPending({ ...saved, done })
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])

  const choose = async (file: File | undefined) => {
    if (!file) return
    setFailure(null)
    setReadError(null)
    setProgress(null)
    try {
      setParsed(planFor(await file.text(), file.name, caps, mappings.current))
    } catch (e) {
      setParsed(null)
      setReadError(`Could not read ${file.name}: ${errorMessage(e)}`)
    }
  }

  const run = async (p: Pending, from: number) => {
    setRunning(true)
    setFailure(null)
    try {
      const done = await sendRows(p.batchId, p.rows, from, setProgress)
      clearPending()
      setPending(null)
      setParsed(null)
      toast.success('Import finished', { description: `${number.format(done)} rows from ${p.fileName}` })
    } catch (e) {
      setFailure(`${errorMessage(e)}. What was imported so far stays; undo it below, or fix the cause and continue.`)
      setPending({ ...p, done: await batchProgress(p.batchId).catch(() => from) })
    } finally {
      setRunning(false)
      await queryClient.invalidateQueries()
    }
  }

  const start = async () => {
    if (!parsed) return
    const rows = parsed.plan.rows.map((r) => (r.kind === 'project' && parsed.source === 'todoist' ? { ...r, name: parsed.projectName.trim() || r.name } : r))
    try {
      const batchId = await createBatch(parsed.source, parsed.fileName, rows.length)
      const p: Pending = { batchId, fileName: parsed.fileName, source: parsed.source, rows }
      savePending(p)
      await run(p, 0)
    } catch (e) {
      setFailure(errorMessage(e))
    }
  }

  const undo = async (batchId: string, fileName: string) => {
    try {
      const r = await undoImport(batchId)
      if (pending?.batchId === batchId) {
        clearPending()
        setPending(null)
      }
      setProgress(null)
      setFailure(null)
      toast.success('Import undone', { description: `${fileName}: ${number.format(r.tasks)} tasks and ${number.format(r.projects)} projects removed` })
    } catch (e) {
      toast.error('Could not undo the import', { description: errorMessage(e) })
    } finally {
      await queryClient.invalidateQueries()
    }
  }

  const setProjectName = (projectName: string) => {
    if (!parsed) return
    setParsed({ ...parsed, projectName, plan: parsed.csv ? genericPlan(parsed.csv, projectName) : parsed.plan })
  }

  const setCsv = (csv: Generic) => {
    if (!parsed) return
    mappings.current.set(headerSignature(csv.table.header), csv.state)
    setParsed({ ...parsed, csv, plan: genericPlan(csv, parsed.projectName) })
  }

  const mapping = parsed?.csv?.step === 'map' ? parsed.csv : null
  const cap = parsed && usage.data ? capProblem(parsed.plan.rows, usage.data, caps) : null
  const nothing = parsed && countPlan(parsed.plan.rows).tasks === 0

  return (
    <div className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        Bring your tasks from Todoist (a project’s “Export as CSV”), TickTick (Settings → Backup) or any other CSV, whose columns you map to task
        fields. You see what the file creates before anything is written, and one click undoes the whole import.
      </p>

      {pending && !running ? (
        <Alert>
          <div className="grid gap-2">
            <p className="text-sm">
              The import of <span className="font-medium">{pending.fileName}</span> stopped at {number.format(pending.done)} of{' '}
              {number.format(pending.rows.length)} rows.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void run(pending, pending.done)}>
                Continue import
              </Button>
              <Button size="sm" variant="outline" onClick={() => void undo(pending.batchId, pending.fileName)}>
                Undo import
              </Button>
            </div>
          </div>
        </Alert>
      ) : null}

      <input
        ref={input}
        type="file"
        accept="text/csv,.csv"
        className="sr-only"
        aria-label="Import file"
        tabIndex={-1}
        onChange={(e) => {
          void choose(e.target.files?.[0])
          e.target.value = ''
        }}
      />
      <Button variant="outline" className="justify-self-start" disabled={running} onClick={() => input.current?.click()}>
        <FileArrowUp size={16} aria-hidden /> Choose a CSV file…
      </Button>
      {readError ? <Alert variant="destructive">{readError}</Alert> : null}

      {parsed && mapping && !running ? (
        <>
          <p className="text-sm">
            <span className="font-medium">{SOURCES.csv}</span> · {parsed.fileName} · {number.format(mapping.table.rows.length)}{' '}
            {mapping.table.rows.length === 1 ? 'row' : 'rows'}
          </p>
          <ColumnMapping table={mapping.table} state={mapping.state} onChange={(state) => setCsv({ ...mapping, state })} />
          {mapping.state.mapping.includes('title') ? null : (
            <p className="text-sm text-destructive" role="status">
              Map a column to Title to continue.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setCsv({ ...mapping, step: 'review' })} disabled={!mapping.state.mapping.includes('title')}>
              Show the dry run
            </Button>
            <Button variant="ghost" onClick={() => setParsed(null)}>
              Cancel
            </Button>
          </div>
        </>
      ) : null}

      {parsed && !mapping && !running ? (
        <>
          <DryRun parsed={parsed} onProjectName={setProjectName} />
          {cap ? (
            <Alert variant="destructive" role="alert">
              {cap} Upgrade your plan, or import a smaller file.
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void start()} disabled={!!cap || !!nothing || usage.isPending}>
              Import {number.format(countPlan(parsed.plan.rows).tasks)} tasks
            </Button>
            {parsed.csv ? (
              <Button variant="outline" onClick={() => parsed.csv && setCsv({ ...parsed.csv, step: 'map' })}>
                Change the columns
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => setParsed(null)}>
              Cancel
            </Button>
          </div>
        </>
      ) : null}

      {progress && (running || failure) ? <Bar progress={progress} /> : null}
      {failure ? (
        <Alert variant="destructive" role="alert">
          {failure}
        </Alert>
      ) : null}

      {batches.data?.length ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Recent imports</h3>
          <ul className="grid gap-1" aria-label="Recent imports">
            {batches.data.map((b) => (
              <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 border-b py-1.5 text-sm">
                <span className="min-w-0 truncate">
                  {b.file_name} <span className="text-muted-foreground">· {SOURCES[b.source]} · {b.status === 'done' ? 'finished' : 'not finished'}</span>
                </span>
                <Button size="sm" variant="outline" disabled={running} onClick={() => void undo(b.id, b.file_name)} aria-label={`Undo import of ${b.file_name}`}>
                  <ArrowCounterClockwise size={14} aria-hidden /> Undo import
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

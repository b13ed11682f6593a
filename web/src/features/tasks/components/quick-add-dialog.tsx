import { CalendarBlank, Clock, Flag, Folder, Repeat, Tag } from '@phosphor-icons/react'
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useState } from 'react'
import { useMatch } from 'react-router'
import { toast } from '@/lib/toast'
import { cn } from '@/lib/cn'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { useRequiredUser } from '@/lib/auth-store'
import { useCreateTask, validateTaskTitle } from '../api/create-task'
import { useProjects } from '../api/get-projects'
import { useGlobalTags, useRecordTagUse } from '../api/global-tags'
import { TASK_PREFERENCES, useTaskPreference, useTaskZone } from '../api/task-preferences'
import { parseParts, type ParsedPart, type PartKind, type Span } from '../quick-add/parse'
import { defaultProject, findProject, toNewTask } from '../quick-add/to-task'
import { useQuickAddStore } from '../stores/quick-add-store'
import { displayTime, shortDate, todayIn } from '../utils/dates'
import { describeRecurrence } from '../utils/recurrence'

const ICONS: Record<PartKind, typeof Tag> = { project: Folder, label: Tag, recurrence: Repeat, priority: Flag, time: Clock, date: CalendarBlank }

/** Every place each literal text occurs in input: the spans the parser must leave alone. */
function literalSpans(input: string, literal: readonly string[]): Span[] {
  const spans: Span[] = []
  for (const text of literal) {
    if (!text) continue
    for (let at = input.indexOf(text); at !== -1; at = input.indexOf(text, at + text.length)) spans.push({ start: at, end: at + text.length })
  }
  return spans
}

/**
 * Quick add (001 §9, issue 19): the title is parsed as it is typed and what
 * was recognised shows as chips; clicking a chip keeps that text literal in
 * the title instead. Ctrl/Cmd+Enter submits, Escape closes. A parsed
 * project is kept only when one of that name exists (001 §5); otherwise
 * its text stays in the title.
 */
export function QuickAddDialog() {
  const user = useRequiredUser()
  const open = useQuickAddStore((s) => s.open)
  const setOpen = useQuickAddStore((s) => s.setOpen)
  const create = useCreateTask()
  const recordTag = useRecordTagUse(user.id)
  const projects = useProjects(user.id)
  useGlobalTags(user.id) // recordTagUse bumps the tag it knows
  const { zone } = useTaskZone(user.id)
  const defaultDate = useTaskPreference(user.id, TASK_PREFERENCES.defaultDateForTime)
  const defaultProjectPref = useTaskPreference(user.id, TASK_PREFERENCES.defaultProject)
  const routeProjectId = useMatch('/app/tasks/project/:projectId')?.params.projectId
  const [input, setInput] = useState('')
  const [notes, setNotes] = useState('')
  const [literal, setLiteral] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (open) {
      setInput('')
      setNotes('')
      setLiteral([])
      setError(null)
    }
  }, [open])

  const list = useMemo(() => projects.data ?? [], [projects.data])
  const parsed = useMemo(() => {
    const opts = {
      now: new Date(),
      timeZone: zone,
      defaultDateForTime: (['today', 'tomorrow', 'next_workday'] as const).find((v) => v === defaultDate.data) ?? 'today',
    }
    let result = parseParts(input, opts, literalSpans(input, literal))
    let unknownProject: string | null = null
    if (result.project && !findProject(list, result.project)) {
      // No such project: its text stays in the title.
      unknownProject = result.project
      const span = result.parts.find((p) => p.kind === 'project')
      if (span) result = parseParts(input, opts, [...literalSpans(input, literal), span])
    }
    return { result, unknownProject, today: todayIn(zone, opts.now) }
  }, [input, literal, zone, defaultDate.data, list])

  const project = findProject(list, parsed.result.project) ?? defaultProject(list, defaultProjectPref.data, routeProjectId)

  const submit = () => {
    const invalid = validateTaskTitle(parsed.result.title)
    if (invalid) {
      setError(invalid)
      toast.error('Task title required', { description: invalid })
      return
    }
    const fields = toNewTask(parsed.result, project, zone, parsed.today)
    create.mutate(
      { userId: user.id, ...fields, notes: notes.trim() || null },
      {
        onSuccess: () => {
          for (const label of parsed.result.labels) recordTag.mutate(label)
          toast.success('Task created', { description: fields.title })
          setOpen(false)
        },
      },
    )
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    submit()
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      submit()
    }
  }

  const describe = (part: ParsedPart): string => {
    const r = parsed.result
    switch (part.kind) {
      case 'date':
        return r.dueDate ? shortDate(r.dueDate, parsed.today) : part.text
      case 'time':
        return r.dueTime ? displayTime(r.dueTime) : part.text
      case 'priority':
        return r.priority ? `P${r.priority}` : part.text
      case 'project':
        return r.project ?? part.text
      case 'label':
        return part.text.replace(/^[@#]|^tagged\s+as\s+/i, '')
      case 'recurrence':
        return r.recurrence ? describeRecurrence(r.recurrence) : part.text
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent onKeyDown={onKeyDown}>
        <DialogHeader>
          <DialogTitle>Quick add task</DialogTitle>
          <DialogDescription>Write it the way you say it: “Call Sam tomorrow at 2pm p1 #work”.</DialogDescription>
        </DialogHeader>
        <form id="quick-add-form" noValidate onSubmit={onSubmit} className="grid gap-3">
          <Field label="Task" error={error}>
            {(p) => (
              <Input
                {...p}
                value={input}
                onChange={(e) => {
                  setInput(e.target.value)
                  setError(null)
                }}
                autoFocus
                autoComplete="off"
                maxLength={500}
                placeholder="e.g. Pay rent every month starting Dec 1 ^Home !!"
              />
            )}
          </Field>
          <div aria-live="polite" className="grid min-h-16 content-start gap-2 rounded-md bg-muted/40 p-2 text-sm">
            <p className="truncate">
              <span className="text-muted-foreground">Title: </span>
              <span data-testid="quick-add-title">{parsed.result.title || <em className="text-muted-foreground">empty</em>}</span>
            </p>
            <ul aria-label="Recognised" className="flex flex-wrap gap-1.5">
              {parsed.result.parts.map((part) => {
                const Icon = ICONS[part.kind]
                return (
                  <li key={`${part.kind}-${part.start}`}>
                    <button
                      type="button"
                      onClick={() => setLiteral((l) => [...l, part.text])}
                      title="Keep this text in the title"
                      aria-label={`${part.kind} ${describe(part)} from “${part.text}”: keep as text`}
                      className="inline-flex items-center gap-1 rounded-full border bg-background px-2 py-0.5 text-xs outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <Icon size={12} aria-hidden />
                      {describe(part)}
                    </button>
                  </li>
                )
              })}
              {project && !parsed.result.project ? (
                <li className="inline-flex items-center gap-1 rounded-full border border-dashed px-2 py-0.5 text-xs text-muted-foreground">
                  <Folder size={12} aria-hidden />
                  {project.name}
                </li>
              ) : null}
              {literal.length ? (
                <li>
                  <button
                    type="button"
                    onClick={() => setLiteral([])}
                    className="rounded-full px-2 py-0.5 text-xs text-muted-foreground underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    Parse all again
                  </button>
                </li>
              ) : null}
            </ul>
            {parsed.unknownProject ? (
              <p className={cn('text-xs text-muted-foreground')}>No project is named “{parsed.unknownProject}”; it stays in the title.</p>
            ) : null}
          </div>
          <Field label="Description">
            {(p) => <Textarea {...p} value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} maxLength={10_000} />}
          </Field>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form="quick-add-form" disabled={create.isPending}>
            Add task
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

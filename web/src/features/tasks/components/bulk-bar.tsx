import { CalendarBlank, CheckCircle, Flag, FolderSimple, Tag, Trash, X } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { Input } from '@/components/ui/input'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { useRequiredUser } from '@/lib/auth-store'
import { type BulkChange, undoOf, useBulkUpdateTasks } from '../api/bulk-update-tasks'
import { useGlobalTags, useRecordTagUse } from '../api/global-tags'
import { moveChanges, projectFields } from '../api/move-tasks'
import { useSelectionStore } from '../stores/selection-store'
import type { Project, Task } from '../types'
import { addDays, instantOf, timeIn, todayIn, weekday } from '../utils/dates'
import { PRIORITIES } from '../utils/priority'
import { withTag } from '../utils/tags'
import { ProjectIcon } from './project-icon'

type Props = {
  /** The selected tasks, as shown. */
  tasks: readonly Task[]
  projects: readonly Project[]
  zone: string
  /** Sent to schedule-task-notifications while the user has no zone preference. */
  timeZone?: string
}

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`

/**
 * Bulk operations on the selected tasks (000 §9): complete, move to a
 * project, set the priority, set the due date, add a tag, delete. Each is
 * one request, applied at once, with one Undo for the whole batch.
 */
export function BulkBar({ tasks, projects, zone, timeZone }: Props) {
  const user = useRequiredUser()
  const bulk = useBulkUpdateTasks(user.id, timeZone)
  const clear = useSelectionStore((s) => s.clear)
  const tags = useGlobalTags(user.id)
  const recordTag = useRecordTagUse(user.id)
  const [tagOpen, setTagOpen] = useState(false)
  const [tag, setTag] = useState('')
  const n = tasks.length
  const byId = (id: string) => tasks.find((t) => t.id === id)

  const run = (changes: BulkChange[], message: string, extras?: ReadonlyMap<string, Partial<Task>>) => {
    if (!changes.length) return
    bulk.mutate({ changes, undo: undoOf(changes, byId), message, ...(extras ? { extras } : {}) })
    clear()
  }

  const setDay = (day: string | null, label: string) =>
    run(
      tasks.map((t) =>
        day
          ? { id: t.id, due_date: day, due_time: t.due_time ? instantOf(day, timeIn(zone, t.due_time), zone) : null }
          : { id: t.id, due_date: null, due_time: null, reminders: [] },
      ),
      `${plural(n, 'task')} ${label}`,
    )

  const today = todayIn(zone)
  const nextMonday = addDays(today, ((8 - weekday(today)) % 7) || 7)

  const addTag = (e: FormEvent) => {
    e.preventDefault()
    const name = tag.trim()
    if (!name) return
    run(
      tasks.map((t) => ({ id: t.id, tags: withTag(t.tags, name) })),
      `Tag ${name} added to ${plural(n, 'task')}`,
    )
    recordTag.mutate(name)
    setTag('')
    setTagOpen(false)
  }

  const live = projects.filter((p) => !p.is_archived)

  return (
    <div
      role="toolbar"
      aria-label="Selected tasks"
      className="flex flex-wrap items-center gap-1 border-b bg-primary/5 px-3 py-1.5 md:px-5"
    >
      <span className="mr-2 text-sm font-medium tabular-nums" aria-live="polite">
        {plural(n, 'task')} selected
      </span>
      <Button
        variant="ghost"
        size="sm"
        onClick={() =>
          run(
            tasks.filter((t) => !t.is_completed).map((t) => ({ id: t.id, is_completed: true })),
            `${plural(tasks.filter((t) => !t.is_completed).length, 'task')} completed`,
          )
        }
      >
        <CheckCircle size={16} aria-hidden /> Complete
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm">
            <FolderSimple size={16} aria-hidden /> Move
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent className="max-h-80 w-56 overflow-y-auto">
          <DropdownMenuLabel>Move to</DropdownMenuLabel>
          <DropdownMenuItem
            onSelect={() =>
              run(moveChanges(tasks.map((t) => t.id), null), `${plural(n, 'task')} moved to Inbox`, new Map(tasks.map((t) => [t.id, projectFields(null)])))
            }
          >
            Inbox
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          {live.map((p) => (
            <DropdownMenuItem
              key={p.id}
              onSelect={() =>
                run(moveChanges(tasks.map((t) => t.id), p), `${plural(n, 'task')} moved to ${p.name}`, new Map(tasks.map((t) => [t.id, projectFields(p)])))
              }
            >
              <ProjectIcon name={p.icon_name} weight={p.icon_weight} color={p.color} size={14} />
              <span className="truncate">{p.name}</span>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm">
            <Flag size={16} aria-hidden /> Priority
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {PRIORITIES.map((p) => (
            <DropdownMenuItem
              key={p.value}
              onSelect={() => run(tasks.map((t) => ({ id: t.id, priority: p.value })), `Priority set on ${plural(n, 'task')}`)}
            >
              <Flag size={16} weight="fill" className={p.tone} aria-hidden /> {p.label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm">
            <CalendarBlank size={16} aria-hidden /> Due date
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setDay(today, 'due today')}>Today</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDay(addDays(today, 1), 'due tomorrow')}>Tomorrow</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDay(nextMonday, 'due next week')}>Next week (Monday)</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setDay(null, 'without a due date')}>No date</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Popover open={tagOpen} onOpenChange={setTagOpen}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="sm">
            <Tag size={16} aria-hidden /> Add tag
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-64">
          <form onSubmit={addTag} className="grid gap-2">
            <label htmlFor="bulk-tag" className="text-sm font-medium">
              Tag to add
            </label>
            <Input id="bulk-tag" list="bulk-tag-names" value={tag} onChange={(e) => setTag(e.target.value)} maxLength={50} autoFocus />
            <datalist id="bulk-tag-names">
              {(tags.data ?? []).map((t) => (
                <option key={t.id} value={t.name} />
              ))}
            </datalist>
            <Button type="submit" size="sm" disabled={!tag.trim()}>
              Add to {plural(n, 'task')}
            </Button>
          </form>
        </PopoverContent>
      </Popover>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:text-destructive"
        onClick={() => run(tasks.map((t) => ({ id: t.id, is_deleted: true })), `${plural(n, 'task')} deleted`)}
      >
        <Trash size={16} aria-hidden /> Delete
      </Button>
      <Button variant="ghost" size="icon-sm" className="ml-auto" aria-label="Clear selection" onClick={clear}>
        <X size={16} aria-hidden />
      </Button>
    </div>
  )
}

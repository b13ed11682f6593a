import { Plus, Trash } from '@phosphor-icons/react'
import { type FormEvent, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle } from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { SwatchPicker } from '@/components/ui/swatch-picker'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useRequiredUser } from '@/lib/auth-store'
import { useProjects } from '../api/get-projects'
import { type SmartFilter, useSmartFilters } from '../api/get-smart-filters'
import { SORT_OPTIONS } from '../api/get-smart-filter-tasks'
import { newTempId } from '../api/create-task'
import { type SmartFilterInput, useCreateSmartFilter, useDeleteSmartFilter, useUpdateSmartFilter } from '../api/smart-filter-mutations'
import { type Condition, FIELD_KIND, FIELDS, type Field as FilterField, type FilterData, ME, OPERATORS_BY_KIND, type Operator, readFilterData, VALUELESS } from '../smart-filters/engine'
import { CATEGORIES, FILTER_COLORS, FILTER_ICON_NAMES, NEW_CONDITION, NEW_FILTER_CONDITION, TEMPLATES, type Template, validateFilter } from '../smart-filters/templates'
import { compileQuery, fromFilterData, type QueryError } from '../filter-query/query'
import { QueryErrorText } from '../filter-query/query-text'
import { useSmartFilterDialogStore } from '../stores/smart-filter-dialog-store'
import { filterIcon } from './view-icons'

const FIELD_LABELS: Record<FilterField, string> = {
  title: 'Title',
  notes: 'Notes',
  completed: 'Completed',
  priority: 'Priority',
  due_date: 'Due date',
  created_at: 'Created',
  completed_at: 'Completed at',
  project_id: 'Project',
  tags: 'Tags',
  is_starred: 'Starred',
  has_attachments: 'Has attachments',
  has_notes: 'Has notes',
  has_reminders: 'Has reminders',
  has_subtasks: 'Has subtasks',
  recurrence: 'Recurrence',
  importance: 'Importance',
  urgency: 'Urgency',
  assigned_to: 'Assigned to',
}

const OPERATOR_LABELS: Record<Operator, string> = {
  contains: 'contains',
  not_contains: 'does not contain',
  starts_with: 'starts with',
  ends_with: 'ends with',
  is_empty: 'is empty',
  is_not_empty: 'is not empty',
  equals: 'is',
  not_equals: 'is not',
  greater_than: 'after / above',
  less_than: 'before / below',
  is_today: 'is today',
  is_this_week: 'is this week',
  is_overdue: 'is overdue',
}

function operatorLabel(field: FilterField, op: Operator): string {
  const kind = FIELD_KIND[field]
  if (kind === 'date' && op === 'greater_than') return 'after'
  if (kind === 'date' && op === 'less_than') return 'before'
  if (kind === 'level' && op === 'greater_than') return 'above'
  if (kind === 'level' && op === 'less_than') return 'below'
  if (kind === 'recurrence' && op === 'is_empty') return 'no recurrence'
  if (kind === 'recurrence' && op === 'is_not_empty') return 'has recurrence'
  if (kind === 'assignee' && op === 'is_empty') return 'nobody'
  if (kind === 'assignee' && op === 'is_not_empty') return 'anyone'
  return OPERATOR_LABELS[op]
}

const SELECT = 'h-9 rounded-md border bg-background px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring'

function ValueInput({ c, index, onChange, projects }: { c: Condition; index: number; onChange: (v: unknown) => void; projects: readonly { id: string; name: string }[] }) {
  const kind = FIELD_KIND[c.field]
  const label = `Value of condition ${index + 1}`
  if (VALUELESS.has(c.operator)) return null
  if (kind === 'boolean')
    return (
      <select aria-label={label} className={SELECT} value={String(c.value === true || c.value === 'true')} onChange={(e) => onChange(e.target.value === 'true')}>
        <option value="true">Yes</option>
        <option value="false">No</option>
      </select>
    )
  if (kind === 'level')
    return (
      <select aria-label={label} className={SELECT} value={String(c.value ?? 0)} onChange={(e) => onChange(Number(e.target.value))}>
        <option value="0">None</option>
        <option value="1">Low</option>
        <option value="2">Medium</option>
        <option value="3">High</option>
        {c.field === 'priority' ? <option value="4">Urgent</option> : null}
      </select>
    )
  if (kind === 'project')
    return (
      <select aria-label={label} className={SELECT} value={String(c.value ?? '')} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a project</option>
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    )
  if (kind === 'assignee')
    return (
      <select aria-label={label} className={SELECT} value={String(c.value ?? '')} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose</option>
        <option value={ME}>Me</option>
      </select>
    )
  if (kind === 'recurrence')
    return (
      <select aria-label={label} className={SELECT} value={String(c.value ?? '')} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose</option>
        {['daily', 'weekly', 'monthly', 'yearly'].map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    )
  return (
    <Input
      aria-label={label}
      className="h-9 min-w-0 flex-1"
      value={String(c.value ?? '')}
      placeholder={kind === 'date' ? 'yyyy-mm-dd or now-3d' : 'Text'}
      onChange={(e) => onChange(e.target.value)}
      maxLength={200}
    />
  )
}

type FormState = SmartFilterInput

function initial(filter: SmartFilter | undefined): FormState {
  return {
    name: filter?.name ?? '',
    description: filter?.description ?? '',
    data: readFilterData(filter?.filters_data) ?? { logic: 'AND', conditions: [NEW_FILTER_CONDITION] },
    color: filter?.color ?? '#3b82f6',
    icon_name: filter?.icon_name ?? 'list',
    sort_option: filter?.sort_option ?? 'created_at',
    hide_when_empty: filter?.hide_when_empty ?? false,
  }
}

/**
 * Create and edit smart filter (001 §2, §3, §5): Templates (the ten of §3
 * by category) and Custom (name, description, icon, colour, AND/OR, 1–10
 * conditions, hide when empty, sort). The form checks what the server
 * checks, in the same words.
 */
export function SmartFilterDialogs() {
  const user = useRequiredUser()
  const dialog = useSmartFilterDialogStore((s) => s.dialog)
  const close = useSmartFilterDialogStore((s) => s.close)
  const filters = useSmartFilters(user.id)
  const remove = useDeleteSmartFilter(user.id)
  const navigate = useNavigate()
  const target = dialog && dialog.kind !== 'create' ? filters.data?.find((f) => f.id === dialog.filterId) : undefined
  return (
    <>
      {dialog && dialog.kind !== 'delete' ? <FilterForm key={dialog.kind === 'edit' ? dialog.filterId : 'new'} filter={target} query={dialog.kind === 'create' ? dialog.query : undefined} onClose={close} /> : null}
      <AlertDialog open={dialog?.kind === 'delete'} onOpenChange={(o) => !o && close()}>
        <AlertDialogContent>
            <AlertDialogTitle>Delete smart filter</AlertDialogTitle>
            <AlertDialogDescription>Delete “{target?.name}”? Its tasks stay; only the filter goes.</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (!target) return
                remove.mutate(target.id)
                if (location.pathname.endsWith(target.id)) void navigate('/app/tasks')
                close()
              }}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  )
}

function FilterForm({ filter, query, onClose }: { filter: SmartFilter | undefined; query: string | undefined; onClose: () => void }) {
  const user = useRequiredUser()
  const projects = useProjects(user.id)
  const create = useCreateSmartFilter(user.id)
  const update = useUpdateSmartFilter(user.id)
  const navigate = useNavigate()
  const [form, setForm] = useState<FormState>(() => initial(filter))
  const [tab, setTab] = useState(filter || query ? 'custom' : 'templates')
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  // The query field (issue 26): null shows the rows as a query; typed text
  // is the user's until the rows change, and sets the rows when it parses.
  const [text, setText] = useState<string | null>(query ?? null)
  const [queryError, setQueryError] = useState<QueryError | null>(null)
  const qc = { projects: projects.data ?? [] }
  const set = (patch: Partial<FormState>) => {
    setForm((f) => ({ ...f, ...patch }))
    setError(null)
  }
  const setData = (data: FilterData) => {
    set({ data })
    setText(null)
    setQueryError(null)
  }
  const applyQuery = (value: string) => {
    setText(value)
    const compiled = compileQuery(value, qc)
    setQueryError(compiled.ok ? null : compiled.error)
    if (compiled.ok) set({ data: compiled.data })
  }
  // A query from the palette names projects: read it once they are loaded.
  const [pending, setPending] = useState(query)
  useEffect(() => {
    if (pending === undefined || !projects.data) return
    setPending(undefined)
    const compiled = compileQuery(pending, { projects: projects.data })
    setQueryError(compiled.ok ? null : compiled.error)
    if (compiled.ok) setForm((f) => ({ ...f, data: compiled.data }))
  }, [pending, projects.data])
  const setCondition = (i: number, patch: Partial<Condition>) =>
    setData({ ...form.data, conditions: form.data.conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)) })

  const save = (input: FormState) => {
    if (queryError) {
      document.getElementById('smart-filter-query')?.focus()
      return
    }
    const invalid = validateFilter(input.name, input.description, input.data)
    if (invalid) {
      setError(invalid)
      return
    }
    if (filter) {
      update.mutate({ ...input, id: filter.id }, { onSuccess: onClose })
      return
    }
    const tempId = newTempId()
    // The dialog closes at once (the filter shows with its temporary id), so
    // the navigation hangs on the promise, not on a callback of this form.
    create.mutateAsync({ ...input, tempId }).then((saved) => navigate(`/app/tasks/smart-filter/${saved.id}`), () => undefined)
    onClose()
  }

  const applyTemplate = (t: Template) =>
    save({ ...form, name: t.name, description: t.description, data: t.data, color: t.color, icon_name: t.icon })

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    save(form)
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{filter ? 'Edit smart filter' : 'New smart filter'}</DialogTitle>
          <DialogDescription>Saved conditions that list matching tasks in the sidebar.</DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList>
            <TabsTrigger value="templates">Templates</TabsTrigger>
            <TabsTrigger value="custom">Custom</TabsTrigger>
          </TabsList>
          <TabsContent value="templates" className="grid gap-4 pt-3">
            {CATEGORIES.map((cat) => (
              <section key={cat} aria-label={cat} className="grid gap-2">
                <h3 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{cat}</h3>
                <div className="grid gap-2 sm:grid-cols-2">
                  {TEMPLATES.filter((t) => t.category === cat).map((t) => {
                    const Icon = filterIcon(t.icon)
                    return (
                      <button
                        key={t.name}
                        type="button"
                        onClick={() => applyTemplate(t)}
                        className="flex items-start gap-3 rounded-lg border p-3 text-left outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        <Icon size={18} style={{ color: t.color }} aria-hidden />
                        <span className="grid">
                          <span className="text-sm font-medium">{t.name}</span>
                          <span className="text-xs text-muted-foreground">{t.description}</span>
                        </span>
                      </button>
                    )
                  })}
                </div>
              </section>
            ))}
            {error ? <p className="text-sm text-destructive" role="alert">{error.message}</p> : null}
          </TabsContent>
          <TabsContent value="custom" className="pt-3">
            <form id="smart-filter-form" noValidate onSubmit={onSubmit} className="grid gap-4">
              <Field label="Name" error={error?.field === 'name' ? error.message : null}>
                {(p) => <Input {...p} value={form.name} onChange={(e) => set({ name: e.target.value })} maxLength={120} autoFocus />}
              </Field>
              <Field label="Description" error={error?.field === 'description' ? error.message : null}>
                {(p) => <Input {...p} value={form.description} onChange={(e) => set({ description: e.target.value })} maxLength={600} />}
              </Field>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Conditions</legend>
                <label htmlFor="smart-filter-query" className="text-sm text-muted-foreground">
                  As a query
                </label>
                <Input
                  id="smart-filter-query"
                  className="font-mono text-sm"
                  value={text ?? fromFilterData(form.data, qc)}
                  placeholder="today & p1"
                  spellCheck={false}
                  autoComplete="off"
                  aria-invalid={queryError ? true : undefined}
                  aria-describedby={queryError ? 'smart-filter-query-error' : 'smart-filter-query-help'}
                  onChange={(e) => applyQuery(e.target.value)}
                />
                {queryError ? (
                  <QueryErrorText id="smart-filter-query-error" input={text ?? ''} error={queryError} />
                ) : (
                  <p id="smart-filter-query-help" className="text-xs text-muted-foreground">
                    today, overdue, p1, #project, @label, no date, due before: next week, search: word; join with & or |, negate with !
                  </p>
                )}
                <div className="flex items-center gap-2 text-sm">
                  <span>Match</span>
                  <select aria-label="Match" className={SELECT} value={form.data.logic} onChange={(e) => setData({ ...form.data, logic: e.target.value as 'AND' | 'OR' })}>
                    <option value="AND">all conditions (AND)</option>
                    <option value="OR">any condition (OR)</option>
                  </select>
                </div>
                <ol className="grid gap-2">
                  {form.data.conditions.map((c, i) => (
                    <li key={i} className="flex flex-wrap items-center gap-2">
                      <select
                        aria-label={`Field of condition ${i + 1}`}
                        className={SELECT}
                        value={c.field}
                        onChange={(e) => {
                          const field = e.target.value as FilterField
                          const op = OPERATORS_BY_KIND[FIELD_KIND[field]][0] as Operator
                          const kind = FIELD_KIND[field]
                          setCondition(i, { field, operator: op, value: kind === 'boolean' ? true : kind === 'level' ? 0 : kind === 'assignee' ? ME : '' })
                        }}
                      >
                        {FIELDS.map((f) => (
                          <option key={f} value={f}>
                            {FIELD_LABELS[f]}
                          </option>
                        ))}
                      </select>
                      <select aria-label={`Operator of condition ${i + 1}`} className={SELECT} value={c.operator} onChange={(e) => setCondition(i, { operator: e.target.value as Operator })}>
                        {OPERATORS_BY_KIND[FIELD_KIND[c.field]].map((op) => (
                          <option key={op} value={op}>
                            {operatorLabel(c.field, op)}
                          </option>
                        ))}
                      </select>
                      <ValueInput c={c} index={i} onChange={(value) => setCondition(i, { value })} projects={projects.data ?? []} />
                      {form.data.conditions.length > 1 ? (
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon-sm"
                          aria-label={`Remove condition ${i + 1}`}
                          onClick={() => setData({ ...form.data, conditions: form.data.conditions.filter((_, j) => j !== i) })}
                        >
                          <Trash size={16} aria-hidden />
                        </Button>
                      ) : null}
                    </li>
                  ))}
                </ol>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  disabled={form.data.conditions.length >= 10}
                  onClick={() => setData({ ...form.data, conditions: [...form.data.conditions, NEW_CONDITION] })}
                >
                  <Plus size={14} aria-hidden /> Add condition
                </Button>
                {error?.field === 'criteria' ? <p className="text-sm text-destructive" role="alert">{error.message}</p> : null}
              </fieldset>
              <div className="grid gap-2">
                <span className="text-sm font-medium" id="filter-icon-label">Icon</span>
                <div role="radiogroup" aria-labelledby="filter-icon-label" className="flex flex-wrap gap-1">
                  {FILTER_ICON_NAMES.map((name) => {
                    const Icon = filterIcon(name)
                    return (
                      <button
                        key={name}
                        type="button"
                        role="radio"
                        aria-checked={form.icon_name === name}
                        aria-label={name}
                        onClick={() => set({ icon_name: name })}
                        className="flex size-8 items-center justify-center rounded-md border outline-none focus-visible:ring-2 focus-visible:ring-ring aria-checked:bg-accent aria-checked:ring-2 aria-checked:ring-foreground/40"
                      >
                        <Icon size={16} style={{ color: form.color }} aria-hidden />
                      </button>
                    )
                  })}
                </div>
              </div>
              <SwatchPicker label="Colour" swatches={FILTER_COLORS} value={form.color} onValueChange={(color) => set({ color })} />
              <div className="flex flex-wrap items-center gap-4">
                <label className="flex items-center gap-2 text-sm">
                  <Checkbox checked={form.hide_when_empty} onCheckedChange={(v) => set({ hide_when_empty: v === true })} />
                  Hide when empty
                </label>
                <label className="flex items-center gap-2 text-sm">
                  Sort
                  <select className={SELECT} value={form.sort_option} onChange={(e) => set({ sort_option: e.target.value })}>
                    {SORT_OPTIONS.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            </form>
          </TabsContent>
        </Tabs>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {tab === 'custom' ? (
            <Button type="submit" form="smart-filter-form" disabled={update.isPending}>
              {filter ? 'Save filter' : 'Create filter'}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

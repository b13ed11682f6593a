import { BookOpen, CheckCircle, Notebook, Plus } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { Textarea } from '@/components/ui/textarea'
import { cleanContentTerm } from '@/lib/content-search'
import { describeError, isPlanLimitError } from '@/lib/errors'
import { localDay } from '@/lib/local-day'
import { previewOf } from '@/lib/markdown-text'
import { relativeTime } from '@/lib/relative-time'
import { toast } from '@/lib/toast'
import { type ContentItem, type ContentType, type LinkedContent, createAndLink, useContentSearch, useRecentContent } from '../api/linked-content'
import { checkContent } from '../utils/content'
import { creationCounter, creationRateProblem } from '../utils/rate'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  taskId: string
  userId: string
  linked: LinkedContent[]
  onLink: (item: ContentItem) => void
  onCreated: () => void
  showPaywall: (message: string) => void
}

export const KIND_ICON = { note: Notebook, journal: BookOpen } as const
export const KIND_LABEL = { note: 'Note', journal: 'Journal entry' } as const

function Row({ item, linked, onLink }: { item: ContentItem; linked: boolean; onLink: (item: ContentItem) => void }) {
  const Icon = KIND_ICON[item.content_type]
  return (
    <li className="flex items-center gap-3 rounded-md p-2 hover:bg-accent/50">
      <Icon size={18} weight="duotone" aria-hidden className="shrink-0 text-muted-foreground" />
      <span className="grid min-w-0 flex-1">
        <span className="truncate text-sm font-medium">{item.title || 'Untitled'}</span>
        <span className="truncate text-xs text-muted-foreground">
          {KIND_LABEL[item.content_type]} · {relativeTime(item.updated_at)}
          {item.text ? ` · ${previewOf(item.text)}` : ''}
        </span>
      </span>
      {linked ? (
        <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
          <CheckCircle size={14} aria-hidden /> Attached
        </span>
      ) : (
        <Button size="sm" variant="outline" aria-label={`Attach ${item.title || 'Untitled'}`} onClick={() => onLink(item)}>
          Attach
        </Button>
      )}
    </li>
  )
}

function List({ query, linked, onLink, empty }: { query: { data?: ContentItem[]; isPending: boolean; isError: boolean; refetch: () => unknown }; linked: Set<string>; onLink: (item: ContentItem) => void; empty: string }) {
  if (query.isPending)
    return (
      <div className="grid gap-2 p-2" aria-busy="true" aria-label="Loading content">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    )
  if (query.isError)
    return (
      <div role="alert" className="flex items-center justify-between gap-2 rounded-md border border-destructive/40 p-2 text-sm">
        <span>Failed to load content</span>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  if (!query.data?.length) return <p className="p-4 text-center text-sm text-muted-foreground">{empty}</p>
  return (
    <ul className="grid max-h-80 gap-1 overflow-y-auto" aria-label="Content to attach">
      {query.data.map((item) => (
        <Row key={`${item.content_type}-${item.id}`} item={item} linked={linked.has(item.id)} onLink={onLink} />
      ))}
    </ul>
  )
}

/** Writing a new note or journal entry that is attached as it is saved (002 §2, §5, §7). */
function CreateForm({ taskId, userId, onDone, showPaywall }: { taskId: string; userId: string; onDone: () => void; showPaywall: (m: string) => void }) {
  const [kind, setKind] = useState<ContentType>('note')
  const [title, setTitle] = useState('')
  const [body, setBody] = useState('')
  const [errors, setErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const checked = checkContent(title, body)
    setErrors(checked.errors)
    if (checked.errors.length) {
      toast.error('Validation errors', { description: checked.errors.join('; ') })
      return
    }
    const limited = creationRateProblem(creationCounter.read(), Date.now())
    if (limited) {
      toast.error('Failed to create content', { description: limited })
      return
    }
    if (checked.warnings.length) toast.error('Content warnings', { description: checked.warnings.join('; ') })
    setBusy(true)
    try {
      await createAndLink(taskId, userId, kind, checked.title, checked.content, localDay(new Date()))
      creationCounter.add(0)
      toast.success('Content attached')
      setTitle('')
      setBody('')
      onDone()
    } catch (error) {
      if (isPlanLimitError(error)) showPaywall(describeError(error))
      else toast.error('Failed to create content', { description: `There was an error creating and attaching the content: ${describeError(error)}` })
    } finally {
      setBusy(false)
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3" noValidate>
      <div role="radiogroup" aria-label="Kind" className="flex gap-2">
        {(['note', 'journal'] as const).map((k) => {
          const Icon = KIND_ICON[k]
          return (
            <Button key={k} type="button" role="radio" aria-checked={kind === k} size="sm" variant={kind === k ? 'default' : 'outline'} onClick={() => setKind(k)}>
              <Icon size={14} aria-hidden />
              {k === 'note' ? 'Note' : 'Journal entry'}
            </Button>
          )
        })}
      </div>
      <Field label="Title" error={errors.find((x) => x.startsWith('Title')) ?? null}>
        {(p) => <Input {...p} value={title} maxLength={600} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label="Content" error={errors.find((x) => x.startsWith('Content')) ?? null} hint="Markdown; up to 50,000 characters.">
        {(p) => <Textarea {...p} value={body} rows={5} onChange={(e) => setBody(e.target.value)} />}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          <Plus size={14} aria-hidden />
          Create and attach
        </Button>
      </div>
    </form>
  )
}

/**
 * The attach-content dialog (002 §2): Recent Content (20, half notes and
 * half journal entries) and Search Results (search_user_content, 2–200
 * characters), plus writing a new note or entry from the task.
 */
export function AttachContentDialog({ open, onOpenChange, taskId, userId, linked, onLink, onCreated, showPaywall }: Props) {
  const [tab, setTab] = useState('recent')
  const [term, setTerm] = useState('')
  const recent = useRecentContent(open)
  const search = useContentSearch(term)
  const linkedIds = new Set(linked.map((l) => l.content_id))
  const searching = cleanContentTerm(term) !== ''
  const link = (item: ContentItem) => {
    onLink(item)
    toast.success('Content attached', { description: item.title })
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Attach content</DialogTitle>
          <DialogDescription>Link one of your notes or journal entries to this task, or write a new one.</DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList>
            <TabsTrigger value="recent">Recent Content</TabsTrigger>
            <TabsTrigger value="search">Search Results</TabsTrigger>
            <TabsTrigger value="new">New</TabsTrigger>
          </TabsList>
          <TabsContent value="recent" className="min-h-64">
            <List query={recent} linked={linkedIds} onLink={link} empty="No notes or journal entries yet" />
          </TabsContent>
          <TabsContent value="search" className="grid min-h-64 content-start gap-3">
            <Input
              type="search"
              aria-label="Search notes and journal entries"
              placeholder="Search notes and journal entries…"
              value={term}
              maxLength={200}
              onChange={(e) => setTerm(e.target.value)}
              autoFocus
            />
            {searching ? (
              <List query={search} linked={linkedIds} onLink={link} empty="Nothing matches" />
            ) : (
              <p className="p-4 text-center text-sm text-muted-foreground">Type at least 2 characters to search</p>
            )}
          </TabsContent>
          <TabsContent value="new" className="min-h-64">
            <CreateForm
              taskId={taskId}
              userId={userId}
              showPaywall={showPaywall}
              onDone={() => {
                onCreated()
                onOpenChange(false)
              }}
            />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  )
}

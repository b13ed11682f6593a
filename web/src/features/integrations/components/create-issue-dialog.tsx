import { type FormEvent, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { useRequiredUser } from '@/lib/auth-store'
import { toast } from '@/lib/toast'
import { useConnection, validateRepo } from '../api/connections'
import { useCreateIssue } from '../api/functions'

export type IssueTask = { id: string; title: string; notes?: string | null; tags?: string | null }

/**
 * Create a GitHub issue from a task (a task's menu; github-create-issue):
 * title and body from the task, the default repository unless another is
 * named. Routes compose it into their task menus.
 */
export function CreateIssueDialog({ task, onOpenChange }: { task: IssueTask | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!task} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create a GitHub issue</DialogTitle>
          <DialogDescription>From the task “{task?.title}”.</DialogDescription>
        </DialogHeader>
        {task ? <IssueForm key={task.id} task={task} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function IssueForm({ task, onDone }: { task: IssueTask; onDone: () => void }) {
  const user = useRequiredUser()
  const { connection, isPending } = useConnection(user.id, 'github')
  const create = useCreateIssue(user.id)
  const [repo, setRepo] = useState<string | null>(null)
  const [title, setTitle] = useState(task.title)
  const [body, setBody] = useState(task.notes ?? '')
  const repoValue = repo ?? connection?.defaultRepo ?? ''
  const repoError = validateRepo(repoValue)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (repoError || !title.trim()) return
    const labels = (task.tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
    create.mutate(
      { repo: repoValue.trim() || undefined, title: title.trim(), body, labels, taskId: task.id },
      {
        onSuccess: (issue) => {
          toast.success(`Issue #${issue.number} created`, { description: issue.repo })
          onDone()
        },
      },
    )
  }

  if (!isPending && !connection?.hasToken) {
    return (
      <Alert>
        Connect GitHub first in Settings → Integrations: issues are created with your token, which the server keeps.
      </Alert>
    )
  }
  return (
    <form onSubmit={submit} noValidate aria-label="New issue" className="grid gap-3">
      <Field label="Repository" hint={connection?.defaultRepo ? `Default: ${connection.defaultRepo}` : 'owner/name'} error={repoError}>
        {(props) => <Input {...props} placeholder="owner/name" value={repoValue} onChange={(e) => setRepo(e.target.value)} />}
      </Field>
      <Field label="Title" error={title.trim() ? null : 'The issue needs a title.'}>
        {(props) => <Input {...props} value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label="Description">{(props) => <Textarea {...props} rows={4} value={body} onChange={(e) => setBody(e.target.value)} />}</Field>
      {create.isError ? <Alert variant="destructive">{create.error.message}</Alert> : null}
      <DialogFooter>
        <Button type="submit" disabled={create.isPending || isPending}>
          {create.isPending ? 'Creating…' : 'Create issue'}
        </Button>
      </DialogFooter>
    </form>
  )
}

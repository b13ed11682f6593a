import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { useRequiredUser } from '@/lib/auth-store'
import { useCreateTask, validateTaskTitle } from '../api/create-task'
import { useQuickAddStore } from '../stores/quick-add-store'

/** Quick add (spec 001 §9): a title, Ctrl/Cmd+Enter submits, Escape closes. */
export function QuickAddDialog() {
  const user = useRequiredUser()
  const open = useQuickAddStore((s) => s.open)
  const setOpen = useQuickAddStore((s) => s.setOpen)
  const create = useCreateTask()
  const [title, setTitle] = useState('')
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (open) {
      setTitle('')
      setError(null)
    }
  }, [open])

  const submit = () => {
    const invalid = validateTaskTitle(title)
    if (invalid) {
      setError(invalid)
      toast.error('Task title required', { description: invalid })
      return
    }
    create.mutate(
      { userId: user.id, title },
      {
        onSuccess: () => {
          toast.success('Task created')
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

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent onKeyDown={onKeyDown}>
        <DialogHeader>
          <DialogTitle>Quick add task</DialogTitle>
          <DialogDescription>Type a title and press Enter.</DialogDescription>
        </DialogHeader>
        <form id="quick-add-form" noValidate onSubmit={onSubmit}>
          <Field label="Task title" error={error}>
            {(p) => (
              <Input
                {...p}
                value={title}
                onChange={(e) => {
                  setTitle(e.target.value)
                  setError(null)
                }}
                autoFocus
                maxLength={500}
              />
            )}
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

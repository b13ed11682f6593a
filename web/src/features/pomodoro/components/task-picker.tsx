import { CaretUpDown, Check, CheckSquare, X } from '@phosphor-icons/react'
import { Command as Cmdk } from 'cmdk'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { cn } from '@/lib/cn'

export type TaskOption = { id: string; title: string }

type TaskPickerProps = {
  tasks: readonly TaskOption[]
  value: string | null
  /** The chosen task's title when it is not among tasks (completed since, say). */
  valueTitle?: string | null
  onChange: (taskId: string | null) => void
  disabled?: boolean
}

/** Ties the focus session to a task: a searchable list of open tasks. */
export function TaskPicker({ tasks, value, valueTitle, onChange, disabled }: TaskPickerProps) {
  const [open, setOpen] = useState(false)
  const title = tasks.find((t) => t.id === value)?.title ?? valueTitle ?? null
  return (
    <div className="flex w-full max-w-sm items-center gap-1">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            variant="outline"
            role="combobox"
            aria-expanded={open}
            aria-label={title ? `Task: ${title}` : 'Choose a task to focus on'}
            disabled={disabled}
            className="min-w-0 flex-1 justify-between"
          >
            <span className="flex min-w-0 items-center gap-2">
              <CheckSquare size={16} aria-hidden className="text-muted-foreground" />
              <span className={cn('truncate', !title && 'text-muted-foreground')}>{title ?? 'Choose a task to focus on'}</span>
            </span>
            <CaretUpDown size={14} aria-hidden className="text-muted-foreground" />
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-[min(24rem,calc(100vw-2rem))] p-0">
          <Cmdk label="Tasks">
            <Cmdk.Input placeholder="Search open tasks…" className="h-10 w-full border-b bg-transparent px-3 text-sm outline-none placeholder:text-muted-foreground" />
            <Cmdk.List className="max-h-64 overflow-y-auto p-1">
              <Cmdk.Empty className="px-2 py-6 text-center text-sm text-muted-foreground">
                {tasks.length === 0 ? 'No open tasks. Add one with Q.' : 'No task matches'}
              </Cmdk.Empty>
              {tasks.map((t) => (
                <Cmdk.Item
                  key={t.id}
                  value={`${t.title} ${t.id}`}
                  onSelect={() => {
                    onChange(t.id)
                    setOpen(false)
                  }}
                  className="flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground"
                >
                  <Check size={14} aria-hidden className={t.id === value ? 'opacity-100' : 'opacity-0'} />
                  <span className="truncate">{t.title}</span>
                </Cmdk.Item>
              ))}
            </Cmdk.List>
          </Cmdk>
        </PopoverContent>
      </Popover>
      {value ? (
        <Button variant="ghost" size="icon-sm" aria-label="Clear the task" disabled={disabled} onClick={() => onChange(null)}>
          <X size={16} aria-hidden />
        </Button>
      ) : null}
    </div>
  )
}

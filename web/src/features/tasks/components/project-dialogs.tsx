import { ArrowCounterClockwise, Trash } from '@phosphor-icons/react'
import { type FormEvent, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Textarea } from '@/components/ui/textarea'
import { useRequiredUser } from '@/lib/auth-store'
import { cn } from '@/lib/cn'
import { useSetProjectArchived } from '../api/archive-project'
import { useCreateProject } from '../api/create-project'
import { useDeleteProject } from '../api/delete-project'
import { useProjects } from '../api/get-projects'
import { useUpdateProject } from '../api/update-project'
import { type ProjectDialog, useProjectDialogStore } from '../stores/project-dialog-store'
import type { Project } from '../types'
import {
  DEFAULT_PROJECT_COLOR,
  DEFAULT_PROJECT_ICON,
  DEFAULT_PROJECT_WEIGHT,
  type IconWeight,
  PROJECT_COLORS,
  isIconWeight,
  joinOverview,
  splitOverview,
  validateProjectName,
} from '../utils/project-form'
import { IconPicker } from './icon-picker'
import { ProjectIcon } from './project-icon'
import { ShareProjectDialog } from './share-project-dialog'

/** Create and edit (001 §2, §3, §5, §9): a name, one of 8 colours, an icon and its weight, an overview and a due date. */
function ProjectFormDialog({ project, onClose }: { project: Project | null; onClose: () => void }) {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const create = useCreateProject(user.id)
  const update = useUpdateProject(user.id)
  const overview = splitOverview(project?.overview ?? null)
  const [name, setName] = useState(project?.name ?? '')
  const [color, setColor] = useState(project?.color ?? DEFAULT_PROJECT_COLOR)
  const [icon, setIcon] = useState(project?.icon_name ?? DEFAULT_PROJECT_ICON)
  const [weight, setWeight] = useState<IconWeight>(isIconWeight(project?.icon_weight) ? project.icon_weight : DEFAULT_PROJECT_WEIGHT)
  const [text, setText] = useState(overview.text)
  const [due, setDue] = useState(overview.due)
  const [error, setError] = useState<string | null>(null)
  const pending = create.isPending || update.isPending

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const invalid = validateProjectName(name)
    if (invalid) {
      setError(invalid)
      return
    }
    const fields = { name: name.trim(), color, icon_name: icon, icon_weight: weight, overview: joinOverview(text, due) }
    if (project) update.mutate({ id: project.id, fields }, { onSuccess: onClose })
    else
      create.mutate(fields, {
        onSuccess: (p) => {
          onClose()
          navigate(`/app/tasks/project/${p.id}`)
        },
      })
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{project ? 'Edit project' : 'New project'}</DialogTitle>
          <DialogDescription>{project ? 'Change how the project is named and shown.' : 'Group tasks that belong together.'}</DialogDescription>
        </DialogHeader>
        <form id="project-form" noValidate onSubmit={submit} className="grid gap-4">
          <Field label="Name" error={error}>
            {(p) => (
              <Input
                {...p}
                value={name}
                maxLength={100}
                autoFocus
                onChange={(e) => {
                  setName(e.target.value)
                  setError(null)
                }}
              />
            )}
          </Field>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm font-medium">Colour</legend>
            <div role="radiogroup" aria-label="Colour" className="flex flex-wrap gap-2">
              {PROJECT_COLORS.map((c) => (
                <button
                  key={c.value}
                  type="button"
                  role="radio"
                  aria-checked={c.value === color}
                  aria-label={c.label}
                  onClick={() => setColor(c.value)}
                  className={cn(
                    'size-7 rounded-full outline-none ring-offset-2 ring-offset-background focus-visible:ring-2 focus-visible:ring-ring',
                    c.value === color && 'ring-2 ring-foreground',
                  )}
                  style={{ backgroundColor: c.value }}
                />
              ))}
            </div>
          </fieldset>
          <div className="grid gap-1.5">
            <span className="text-sm font-medium">Icon</span>
            <Popover>
              <PopoverTrigger asChild>
                <Button variant="outline" className="justify-start" aria-label={`Icon: ${icon}, ${weight}. Change icon`}>
                  <ProjectIcon name={icon} weight={weight} color={color} size={18} />
                  {icon.replace(/([a-z])([A-Z])/g, '$1 $2')} · <span className="capitalize">{weight}</span>
                </Button>
              </PopoverTrigger>
              <PopoverContent className="w-[min(24rem,calc(100vw-2rem))]" aria-label="Choose an icon">
                <IconPicker
                  icon={icon}
                  weight={weight}
                  color={color}
                  onChange={(v) => {
                    if (v.icon) setIcon(v.icon)
                    if (v.weight) setWeight(v.weight)
                  }}
                />
              </PopoverContent>
            </Popover>
          </div>
          <Field label="Overview">{(p) => <Textarea {...p} value={text} maxLength={9000} onChange={(e) => setText(e.target.value)} />}</Field>
          <Field label="Due date" hint="Saved in the overview as 'Due: yyyy-mm-dd'.">
            {(p) => <Input {...p} type="date" value={due} onChange={(e) => setDue(e.target.value)} className="w-48" />}
          </Field>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="project-form" disabled={pending}>
            {project ? 'Save project' : 'Create project'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Soft delete with confirmation (001 §2, §4); a project on screen is left for All. */
function DeleteProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const user = useRequiredUser()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const remove = useDeleteProject(user.id)
  return (
    <ConfirmDialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Delete project"
      description={
        <>
          Are you sure you want to delete "{project.name}"? Its tasks go to the bin with it.
          {project.is_shared ? ' Everyone it is shared with loses it too.' : ''}
        </>
      }
      action="Delete project"
      onConfirm={() => {
        remove.mutate({ id: project.id, name: project.name })
        if (pathname === `/app/tasks/project/${project.id}`) navigate('/app/tasks')
      }}
    />
  )
}

/** Archived projects (0650): restore them, or delete them for good. */
function ArchivedProjectsDialog({ projects, onClose }: { projects: readonly Project[]; onClose: () => void }) {
  const user = useRequiredUser()
  const archive = useSetProjectArchived(user.id)
  const open = useProjectDialogStore((s) => s.open)
  const archived = projects.filter((p) => p.is_archived)
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Archived projects</DialogTitle>
          <DialogDescription>Archived projects and their tasks are out of your lists. Restore one to work on it again.</DialogDescription>
        </DialogHeader>
        {archived.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No archived projects.</p>
        ) : (
          <ul className="grid divide-y rounded-md border" aria-label="Archived projects">
            {archived.map((p) => (
              <li key={p.id} className="flex items-center gap-2 px-3 py-2">
                <ProjectIcon name={p.icon_name} weight={p.icon_weight} color={p.color} size={16} />
                <span className="min-w-0 flex-1 truncate text-sm">{p.name}</span>
                <Button size="sm" variant="outline" onClick={() => archive.mutate({ id: p.id, archived: false, name: p.name })}>
                  <ArrowCounterClockwise size={14} aria-hidden /> Restore
                </Button>
                <Button size="icon-sm" variant="ghost" aria-label={`Delete ${p.name}`} onClick={() => open({ kind: 'delete', projectId: p.id })}>
                  <Trash size={16} aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  )
}

function projectOf(dialog: ProjectDialog, projects: readonly Project[]): Project | null {
  return 'projectId' in dialog ? (projects.find((p) => p.id === dialog.projectId) ?? null) : null
}

/** The open project dialog (stores/project-dialog-store.ts). */
export default function ProjectDialogs() {
  const user = useRequiredUser()
  const projects = useProjects(user.id)
  const dialog = useProjectDialogStore((s) => s.dialog)
  const close = useProjectDialogStore((s) => s.close)
  if (!dialog) return null
  const project = projectOf(dialog, projects.data ?? [])
  switch (dialog.kind) {
    case 'create':
      return <ProjectFormDialog project={null} onClose={close} />
    case 'edit':
      return project ? <ProjectFormDialog key={project.id} project={project} onClose={close} /> : null
    case 'delete':
      return project ? <DeleteProjectDialog project={project} onClose={close} /> : null
    case 'share':
      return project ? <ShareProjectDialog project={project} onClose={close} /> : null
    case 'archived':
      return <ArchivedProjectsDialog projects={projects.data ?? []} onClose={close} />
  }
}

import { Copy, FileArchive, PencilSimple, ShareNetwork, Star, Trash } from '@phosphor-icons/react'
import { useContext, useState } from 'react'
import { useNavigate } from 'react-router'
import { type DeferredMenuProps, focusFirstItemOnce } from '@/components/ui/deferred-menu'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { useRequiredUser } from '@/lib/auth-store'
import { useSetProjectArchived } from '../api/archive-project'
import { useDuplicateProject } from '../api/duplicate-project'
import { useSetProjectFavorite } from '../api/favorite-project'
import { useProjectDialogStore } from '../stores/project-dialog-store'
import { ProjectMenuButton, ProjectMenuContext } from './project-menu-button'

/**
 * A project row's menu (001 §2): edit (owner and admins), share, favorite,
 * duplicate, archive and delete (the owner). Loaded on first use.
 */
export default function ProjectMenu({ defaultOpen, openedWithKeyboard }: DeferredMenuProps) {
  const project = useContext(ProjectMenuContext)
  const user = useRequiredUser()
  const open = useProjectDialogStore((s) => s.open)
  const favorite = useSetProjectFavorite(user.id)
  const archive = useSetProjectArchived(user.id)
  const navigate = useNavigate()
  const duplicate = useDuplicateProject(user.id, (id) => navigate(`/app/tasks/project/${id}`))
  const [onFocus] = useState(() => focusFirstItemOnce(openedWithKeyboard))
  if (!project) return null
  const owner = project.is_owner
  const manager = owner || project.user_role === 'admin'
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ProjectMenuButton project={project} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-52" onFocus={onFocus}>
        {manager ? (
          <DropdownMenuItem onSelect={() => open({ kind: 'edit', projectId: project.id })}>
            <PencilSimple size={16} aria-hidden /> Edit project
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => open({ kind: 'share', projectId: project.id })}>
          <ShareNetwork size={16} aria-hidden /> Share project
        </DropdownMenuItem>
        {owner ? (
          <DropdownMenuItem onSelect={() => favorite.mutate({ id: project.id, favorite: !project.is_favorite })}>
            <Star size={16} aria-hidden /> {project.is_favorite ? 'Remove from favorites' : 'Add to favorites'}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => duplicate.mutate(project.id)}>
          <Copy size={16} aria-hidden /> Duplicate project
        </DropdownMenuItem>
        {owner ? (
          <>
            <DropdownMenuItem onSelect={() => archive.mutate({ id: project.id, archived: true, name: project.name })}>
              <FileArchive size={16} aria-hidden /> Archive project
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              className="text-destructive data-[highlighted]:text-destructive"
              onSelect={() => open({ kind: 'delete', projectId: project.id })}
            >
              <Trash size={16} aria-hidden /> Delete project
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

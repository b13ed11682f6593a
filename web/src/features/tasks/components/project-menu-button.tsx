import { DotsThree } from '@phosphor-icons/react'
import { createContext } from 'react'
import { Button, type ButtonProps } from '@/components/ui/button'
import type { Project } from '../types'

/** The project a deferred row menu (project-menu.tsx) acts on. */
export const ProjectMenuContext = createContext<Project | null>(null)

/** The row menu's trigger, drawn before the menu's code is loaded (components/ui/deferred-menu.tsx). */
export function ProjectMenuButton({ project, ...props }: ButtonProps & { project: Project }) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Project menu, ${project.name}`}
      className="absolute top-0.5 right-0.5 size-8 opacity-0 group-focus-within/row:opacity-100 group-hover/row:opacity-100 focus-visible:opacity-100 data-[state=open]:opacity-100 max-md:opacity-100"
      {...props}
    >
      <DotsThree size={18} weight="bold" aria-hidden />
    </Button>
  )
}

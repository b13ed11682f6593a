import type { Icon } from '@phosphor-icons/react'
import { useEffect, useState } from 'react'
import { cn } from '@/lib/cn'
import { isIconWeight } from '../utils/project-form'
import { iconNow, loadIcon } from '../utils/project-icons'

type Props = {
  name: string | null | undefined
  weight?: string | null
  color?: string | null
  /** 14 px in lists (001 §9: project icon size 14). */
  size?: number
  className?: string
}

/**
 * A project's icon in its colour and weight. An icon whose code is not here
 * yet takes its place (same size, nothing moves) until it is.
 */
export function ProjectIcon({ name, weight, color, size = 14, className }: Props) {
  const key = name || 'Folder'
  const [, setLoaded] = useState<Icon | null>(null)
  const Glyph = iconNow(key)
  useEffect(() => {
    if (iconNow(key)) return
    let live = true
    void loadIcon(key).then((icon) => live && setLoaded(() => icon))
    return () => {
      live = false
    }
  }, [key])
  if (!Glyph) return <span aria-hidden className={cn('inline-block shrink-0', className)} style={{ width: size, height: size }} />
  return (
    <Glyph
      aria-hidden
      size={size}
      weight={isIconWeight(weight) ? weight : 'duotone'}
      color={color ?? undefined}
      className={cn('shrink-0', className)}
    />
  )
}

import { useEffect } from 'react'
import { Toaster } from 'sonner'
import { toasterMounted } from '@/lib/toast'
import { useResolvedTheme } from '@/features/theme/hooks/use-resolved-theme'

/** sonner's toaster, loaded with the first toast (lib/toast.ts). Only one toast at a time (spec 000 §8). */
export default function AppToaster() {
  const theme = useResolvedTheme()
  // Runs after sonner's own effects (children first), so it is listening.
  useEffect(() => toasterMounted(), [])
  // dir given: without it sonner reads getComputedStyle(<html>).direction on
  // every render of the toaster, a forced style recalculation of the page.
  const dir = document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'
  return <Toaster theme={theme} dir={dir} visibleToasts={1} richColors closeButton position="bottom-right" />
}

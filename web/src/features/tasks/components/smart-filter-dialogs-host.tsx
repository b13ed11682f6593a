import { lazy, Suspense, useState } from 'react'
import { useSmartFilterDialogStore } from '../stores/smart-filter-dialog-store'

const SmartFilterDialogs = lazy(() => import('./smart-filter-dialog').then((m) => ({ default: m.SmartFilterDialogs })))

/** The smart filter dialogs load with the first one opened. */
export function SmartFilterDialogsHost() {
  const dialog = useSmartFilterDialogStore((s) => s.dialog)
  const [used, setUsed] = useState(false)
  if (dialog && !used) setUsed(true)
  if (!used) return null
  return (
    <Suspense fallback={null}>
      <SmartFilterDialogs />
    </Suspense>
  )
}

import { Suspense, lazy, useState } from 'react'
import { useRequiredUser } from '@/lib/auth-store'
import { usePathname } from '@/lib/use-pathname'
import { useActiveSession } from '../api/get-active-session'

const FocusEngine = lazy(() => import('./focus-engine'))

/**
 * Mounted on every signed-in page: polls for a running session (000 §9,
 * every 5 s) and loads the timer's engine once there is one or the timer
 * page opens. The engine then stays for the visit (it starts what follows
 * a session), and a visit that never runs the timer never loads it.
 */
export function FocusRunner() {
  const user = useRequiredUser()
  const pathname = usePathname()
  const session = useActiveSession(user.id).data
  const wanted = !!session || pathname.startsWith('/app/pomodoro')
  const [engine, setEngine] = useState(false)
  if (wanted && !engine) setEngine(true)
  return engine ? (
    <Suspense fallback={null}>
      <FocusEngine />
    </Suspense>
  ) : null
}

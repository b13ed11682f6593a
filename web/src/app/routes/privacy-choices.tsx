import { useNavigate } from 'react-router'
import { PrivacyChoicesDialog } from '@/features/privacy/components/privacy-choices-dialog'
import Landing from './landing'

/**
 * /privacy-choices: the privacy dialog over the page; closing goes back in
 * history — to the app page or the site the visitor came from — or to /
 * when this is the first page of the tab (spec 000 §2).
 */
export default function PrivacyChoices() {
  const navigate = useNavigate()
  const close = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    // In-app history, or a page that linked here (a typed address has no referrer).
    if (idx > 0 || document.referrer !== '') navigate(-1)
    else navigate('/', { replace: true })
  }
  return (
    <>
      <Landing />
      <PrivacyChoicesDialog open onOpenChange={(open) => (open ? undefined : close())} />
    </>
  )
}

import { useParams } from 'react-router'
import { useRequiredUser } from '@/lib/auth-store'
import { SharedLinkScreen } from '@/features/notes/components/shared-link-screen'

/** /app/shared/{note|folder}/{64 hex}: a note or folder shared by link (002 §2). */
export default function SharedPage() {
  const { token = '' } = useParams()
  return <SharedLinkScreen token={token} userId={useRequiredUser().id} />
}

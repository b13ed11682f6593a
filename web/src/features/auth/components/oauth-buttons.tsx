import { GithubLogo, GoogleLogo } from '@phosphor-icons/react'
import { Button } from '@/components/ui/button'
import { type OAuthProvider, useOAuthSignIn } from '../api/oauth'

const PROVIDERS: { id: OAuthProvider; label: string; icon: typeof GoogleLogo }[] = [
  { id: 'google', label: 'Continue with Google', icon: GoogleLogo },
  { id: 'github', label: 'Continue with GitHub', icon: GithubLogo },
]

export function OAuthButtons({ redirectTo, onError }: { redirectTo: string; onError: (message: string) => void }) {
  const oauth = useOAuthSignIn()
  return (
    <div className="grid gap-2">
      {PROVIDERS.map(({ id, label, icon: Icon }) => (
        <Button
          key={id}
          variant="outline"
          disabled={oauth.isPending}
          onClick={() => oauth.mutate({ provider: id, redirectTo }, { onError: (e) => onError(e.message) })}
        >
          <Icon size={18} weight="bold" aria-hidden />
          {label}
        </Button>
      ))}
    </div>
  )
}

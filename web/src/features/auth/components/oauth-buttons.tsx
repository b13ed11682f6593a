import type { ComponentProps } from 'react'
import { Button } from '@/components/ui/button'
import { type OAuthProvider, useOAuthSignIn } from '../api/oauth'

// The two marks as Phosphor draws them at the bold weight, inline: the
// sign-in page is the first page many visitors load, and a Phosphor icon
// module carries all six weights.
type MarkProps = Omit<ComponentProps<'svg'>, 'children'> & { size?: number }

function Mark({ d, size = 18, ...props }: MarkProps & { d: string }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width={size} height={size} viewBox="0 0 256 256" fill="currentColor" {...props}>
      <path d={d} />
    </svg>
  )
}

function GoogleLogo(props: MarkProps) {
  return (
    <Mark
      d="M228,128a100,100,0,1,1-22.86-63.64,12,12,0,0,1-18.51,15.28A76,76,0,1,0,203.05,140H128a12,12,0,0,1,0-24h88A12,12,0,0,1,228,128Z"
      {...props}
    />
  )
}

function GithubLogo(props: MarkProps) {
  return (
    <Mark
      d="M212.62,75.17A63.7,63.7,0,0,0,206.39,26,12,12,0,0,0,196,20a63.71,63.71,0,0,0-50,24H126A63.71,63.71,0,0,0,76,20a12,12,0,0,0-10.39,6,63.7,63.7,0,0,0-6.23,49.17A61.5,61.5,0,0,0,52,104v8a60.1,60.1,0,0,0,45.76,58.28A43.66,43.66,0,0,0,92,192v4H76a20,20,0,0,1-20-20,44.05,44.05,0,0,0-44-44,12,12,0,0,0,0,24,20,20,0,0,1,20,20,44.05,44.05,0,0,0,44,44H92v12a12,12,0,0,0,24,0V192a20,20,0,0,1,40,0v40a12,12,0,0,0,24,0V192a43.66,43.66,0,0,0-5.76-21.72A60.1,60.1,0,0,0,220,112v-8A61.5,61.5,0,0,0,212.62,75.17ZM196,112a36,36,0,0,1-36,36H112a36,36,0,0,1-36-36v-8a37.87,37.87,0,0,1,6.13-20.12,11.65,11.65,0,0,0,1.58-11.49,39.9,39.9,0,0,1-.4-27.72,39.87,39.87,0,0,1,26.41,17.8A12,12,0,0,0,119.82,68h32.35a12,12,0,0,0,10.11-5.53,39.84,39.84,0,0,1,26.41-17.8,39.9,39.9,0,0,1-.4,27.72,12,12,0,0,0,1.61,11.53A37.85,37.85,0,0,1,196,104Z"
      {...props}
    />
  )
}

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
          <Icon size={18} aria-hidden />
          {label}
        </Button>
      ))}
    </div>
  )
}

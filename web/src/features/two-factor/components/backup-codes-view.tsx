import { Copy, DownloadSimple } from '@phosphor-icons/react'
import { useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { downloadText } from '@/lib/download'

export function backupCodesFile(codes: readonly string[], email: string | undefined, now = new Date()): string {
  return [
    'Daybase backup codes',
    email ? `Account: ${email}` : null,
    `Generated: ${now.toISOString()}`,
    '',
    'Each code works once. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ]
    .filter((line) => line !== null)
    .join('\n')
}

/** The new backup codes, shown this one time, to copy or download. */
export function BackupCodesView({ codes, email }: { codes: readonly string[]; email: string | undefined }) {
  const [copied, setCopied] = useState(false)
  return (
    <div className="grid gap-4">
      <Alert>These codes are shown only once. Each code signs you in one time if you lose your authenticator.</Alert>
      <ol aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/40 p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => downloadText('daybase-backup-codes.txt', backupCodesFile(codes, email))}>
          <DownloadSimple size={16} aria-hidden />
          Download codes
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }}
        >
          <Copy size={16} aria-hidden />
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
      </div>
    </div>
  )
}

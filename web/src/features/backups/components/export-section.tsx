import { DownloadSimple } from '@phosphor-icons/react'
import { Button } from '@/components/ui/button'
import { useRequiredUser } from '@/lib/auth-store'
import { useExportData } from '../api/export-data'

export function ExportSection() {
  const user = useRequiredUser()
  const exportData = useExportData()
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">
        Download your tasks, notes and journal entries as one JSON file.
      </p>
      <Button className="justify-self-start" variant="outline" disabled={exportData.isPending} onClick={() => exportData.mutate(user)}>
        <DownloadSimple size={16} aria-hidden />
        {exportData.isPending ? 'Exporting…' : 'Export data'}
      </Button>
    </div>
  )
}

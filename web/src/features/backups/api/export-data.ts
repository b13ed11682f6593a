import { useMutation } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import type { User } from '@supabase/supabase-js'
import { fullNameOf } from '@/lib/auth-store'
import { downloadText } from '@/lib/download'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

/**
 * Reads tasks, notes and journal entries and builds the export file of
 * spec 000 §7: profile, tasks, notes, journals and exportedAt.
 */
export async function buildExport(user: User, now = new Date()) {
  const [tasks, notes, journals] = await Promise.all([
    supabase.from('tasks').select('*').eq('user_id', user.id).eq('is_deleted', false),
    supabase.from('notes').select('*').eq('user_id', user.id).eq('is_deleted', false),
    supabase.from('journal_entries').select('*').eq('user_id', user.id).eq('is_deleted', false),
  ])
  return {
    profile: { id: user.id, email: user.email ?? null, full_name: fullNameOf(user) || null },
    tasks: unwrap(tasks),
    notes: unwrap(notes),
    journals: unwrap(journals),
    exportedAt: now.toISOString(),
  }
}

export function useExportData() {
  return useMutation({
    mutationFn: (user: User) => buildExport(user),
    onSuccess: (data) => {
      downloadText(`daybase-export-${data.exportedAt.slice(0, 10)}.json`, JSON.stringify(data, null, 2), 'application/json')
      toast.success('Data exported')
    },
    onError: (e) => toast.error('Export failed', { description: e.message }),
  })
}

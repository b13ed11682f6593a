import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { noteKeys } from './keys'

/** The owner and the people a note is shared with (0672 get_note_people): whom its editors may @mention. */
export async function getNotePeople(noteId: string, signal: AbortSignal) {
  return unwrap(await supabase.rpc('get_note_people', { p_note_id: noteId }).abortSignal(signal))
}

export type NotePerson = Awaited<ReturnType<typeof getNotePeople>>[number]

export function useNotePeople(noteId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: noteKeys.people(noteId), queryFn: ({ signal }) => getNotePeople(noteId, signal) }),
    enabled,
    retry: false,
  })
}

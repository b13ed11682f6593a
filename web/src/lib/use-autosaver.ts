import { useCallback, useEffect, useRef, useState } from 'react'
import { type AutosaveState, Autosaver } from './autosave'
import { clearDraft, saveDraft } from './drafts'

type Options<T> = {
  /** Writes the version read() gives at the time of the save. */
  save: (read: () => T) => Promise<void>
  /** The version in the page now. */
  read: () => T
  /** Where unsaved text is kept on this device (lib/drafts.ts) while saving fails. */
  draftKey: string
  /** What goes into the draft besides read() (the version the text started from, say). */
  draftExtra?: () => Record<string, unknown>
}

/**
 * An Autosaver for a page (lib/autosave.ts): its state to render, and the
 * page's lifecycle around it — the text goes to the device while saves
 * fail and away once saved; leaving the page saves at once; closing the
 * tab with unsaved text asks first; the browser coming back online retries.
 */
export function useAutosaver<T extends object>({ save, read, draftKey, draftExtra }: Options<T>) {
  const [state, setState] = useState<AutosaveState>({ status: 'idle' })
  const latest = useRef({ save, read, draftExtra })
  latest.current = { save, read, draftExtra }
  const [saver] = useState(() => new Autosaver<() => T>({ save: (r) => latest.current.save(r), onState: setState }))
  const keep = useCallback(() => saveDraft(draftKey, { ...latest.current.read(), ...latest.current.draftExtra?.() }), [draftKey])

  useEffect(() => {
    if (state.status === 'retrying' || state.status === 'failed') keep()
    else if (state.status === 'saved') clearDraft(draftKey)
  }, [state, draftKey, keep])

  useEffect(() => {
    saver.start()
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!saver.dirty) return
      keep()
      e.preventDefault()
    }
    const online = () => saver.retry()
    window.addEventListener('beforeunload', beforeUnload)
    window.addEventListener('online', online)
    return () => {
      window.removeEventListener('beforeunload', beforeUnload)
      window.removeEventListener('online', online)
      void saver.flush()
      saver.stop()
    }
  }, [saver, keep])

  return {
    saver,
    state,
    /** Something was typed: save after the pause. */
    change: useCallback(() => saver.change(latest.current.read), [saver]),
  }
}

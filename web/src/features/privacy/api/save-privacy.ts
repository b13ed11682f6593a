import { useMutation } from '@tanstack/react-query'
import { savePreference } from '@/lib/preferences'
import type { ConsentChoices } from '../stores/consent-store'

/** The server copy: user_preferences 'privacy' (spec 000 §7), only for a signed-in user. */
export function savePrivacyPreference(userId: string, choices: ConsentChoices, gpc: boolean): Promise<void> {
  return savePreference(userId, 'privacy', {
    saleShareOptOut: choices.saleShareOptOut,
    limitSensitiveUse: choices.limitSensitiveUse,
    gpc,
  })
}

export function useSavePrivacy() {
  return useMutation({
    mutationFn: ({ userId, choices, gpc }: { userId: string; choices: ConsentChoices; gpc: boolean }) =>
      savePrivacyPreference(userId, choices, gpc),
    // The dialog shows 'Failed to save' itself.
    meta: { silent: true },
  })
}

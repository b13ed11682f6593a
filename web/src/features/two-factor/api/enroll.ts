import { toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { listTotpFactors, unenrollWithRetry } from './factors'
import { log2faEvent } from './log-event'

export type Enrollment = { factorId: string; qrCode: string; secret: string; uri: string }

export const FACTOR_NAME = 'Authenticator app'

/**
 * The QR code as an <img> source. GoTrue returns raw SVG markup and
 * supabase-js prefixes it with `data:image/svg+xml;utf-8,` unencoded, which
 * breaks on '#' and other reserved characters; re-encode the markup.
 */
export function qrCodeSrc(qr: string): string {
  const text = qr.trim()
  if (text.startsWith('<')) return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`
  if (text.startsWith('data:') && !text.slice(0, text.indexOf(',')).includes(';base64')) {
    const payload = text.slice(text.indexOf(',') + 1)
    if (payload.trimStart().startsWith('<')) {
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(payload.trim())}`
    }
  }
  return text
}

/** Groups a base32 secret in fours for reading and typing. */
export function formatSecret(secret: string): string {
  return secret.replace(/\s+/g, '').replace(/(.{4})/g, '$1 ').trim()
}

/**
 * Starts a TOTP enrolment. Unverified factors left by an abandoned attempt
 * are removed first: they would clash with the friendly name.
 */
export async function enrollTotp(): Promise<Enrollment> {
  const { all } = await listTotpFactors()
  for (const f of all.filter((f) => f.status !== 'verified')) await unenrollWithRetry(f.id)
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: FACTOR_NAME })
  if (error) throw toRequestError(error)
  log2faEvent({ event_type: 'enroll_started', factor_id: data.id, success: true })
  return { factorId: data.id, qrCode: qrCodeSrc(data.totp.qr_code), secret: data.totp.secret, uri: data.totp.uri }
}

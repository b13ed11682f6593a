import { describe, expect, it } from 'vitest'
import { normalizeBackupCode } from './backup-codes'
import { formatSecret, qrCodeSrc } from './enroll'
import { validateSupportRequest } from './support-request'
import { isCompleteCode } from './verify'

describe('qrCodeSrc', () => {
  const svg = '<?xml version="1.0"?>\n<svg width="10" fill="#000"></svg>'

  it('encodes raw SVG markup into a data URL an <img> can show', () => {
    const src = qrCodeSrc(svg)
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true)
    expect(src).not.toContain('#')
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(svg)
  })

  it('re-encodes the unencoded data URL supabase-js builds', () => {
    expect(qrCodeSrc(`data:image/svg+xml;utf-8,${svg}`)).toBe(qrCodeSrc(svg))
  })

  it('leaves base64 data URLs alone', () => {
    expect(qrCodeSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
  })
})

describe('two-factor input', () => {
  it('groups the secret in fours', () => {
    expect(formatSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP')
  })

  it('accepts exactly six digits', () => {
    expect(isCompleteCode('123456')).toBe(true)
    expect(isCompleteCode('12345')).toBe(false)
    expect(isCompleteCode('12345a')).toBe(false)
  })

  it('normalises backup codes: spaces removed, dash optional', () => {
    expect(normalizeBackupCode(' abcd efgh ')).toBe('abcd-efgh')
    expect(normalizeBackupCode('abcd-efgh')).toBe('abcd-efgh')
    expect(normalizeBackupCode('   ')).toBeNull()
  })

  it('needs both e-mail and message for a support request', () => {
    expect(validateSupportRequest('a@b.co', ' ')).toBe('Please provide both your email and a detailed message')
    expect(validateSupportRequest('a@b.co', 'Lost my phone')).toBeNull()
  })
})

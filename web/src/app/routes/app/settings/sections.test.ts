import { describe, expect, it } from 'vitest'
import { sectionRedirect } from './sections'

describe('settings hash sections', () => {
  it('sends a hash to the page that has the section', () => {
    expect(sectionRedirect('/app/settings', '#theme')).toBe('/app/settings/preferences#theme')
    expect(sectionRedirect('/app/settings', '#subscription')).toBe('/app/settings/billing#subscription')
    expect(sectionRedirect('/app/settings/security', '#account')).toBe('/app/settings#account')
  })

  it('stays when the section is on the page or unknown', () => {
    expect(sectionRedirect('/app/settings', '#smart-filters')).toBeNull()
    expect(sectionRedirect('/app/settings/preferences', '#sidebar')).toBeNull()
    expect(sectionRedirect('/app/settings', '#nothing')).toBeNull()
    expect(sectionRedirect('/app/settings', '')).toBeNull()
  })
})

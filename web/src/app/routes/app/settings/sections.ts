/**
 * Settings sections chosen by URL hash (spec 000 §2) and the page each lives
 * on. smart-filters is the task document's name for smart-lists.
 */
export const SECTION_PAGES: Record<string, string> = {
  account: '/app/settings',
  'smart-lists': '/app/settings',
  'smart-filters': '/app/settings',
  notifications: '/app/settings',
  collaborate: '/app/settings',
  backups: '/app/settings',
  import: '/app/settings',
  advanced: '/app/settings',
  about: '/app/settings',
  theme: '/app/settings/preferences',
  sidebar: '/app/settings/preferences',
  subscription: '/app/settings/billing',
  integrations: '/app/settings/integrations',
  'calendar-sync': '/app/settings/integrations',
}

/** The path that holds the hash's section when it is not the current one, else null. */
export function sectionRedirect(pathname: string, hash: string): string | null {
  const section = decodeURIComponent(hash.replace(/^#/, ''))
  const page = SECTION_PAGES[section]
  if (!page || page === pathname.replace(/\/+$/, '')) return null
  return `${page}#${section}`
}

import type { Page } from '@playwright/test'
import { emulateScheme, screenshot } from './fixtures'

/**
 * Screenshots of the page in light and dark at 1280 and 390 px wide
 * (artifacts/screenshots/{name}-{light|dark}-{1280|390}.png), the page
 * following the system colour scheme; the viewport is put back afterwards.
 */
export async function shootAll(page: Page, name: string, ready?: () => Promise<void>): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 }
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme)
      if (ready) await ready()
      await screenshot(page, `${name}-${scheme}-${width}`)
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(size)
}

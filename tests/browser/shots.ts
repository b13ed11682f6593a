import type { Page } from '@playwright/test'
import { emulateScheme, screenshot } from './fixtures'

export type Shot = { width: 1280 | 390; theme: 'light' | 'dark' }

/** The four screenshots of a screen, in the order they are taken. */
export const SHOTS: readonly Shot[] = [
  { width: 1280, theme: 'light' },
  { width: 1280, theme: 'dark' },
  { width: 390, theme: 'light' },
  { width: 390, theme: 'dark' },
]

/**
 * Resizes the viewport and waits until the page has seen the new size: the
 * check runs in an animation frame, and a frame first reports the media
 * queries that changed, so listeners (useMediaQuery, and React's render they
 * cause, which is synchronous for such a store) are done by then. Screens
 * that draw differently by width (the task pane at 1280 px, the modal at
 * 390) have swapped before a ready callback asks what is open.
 */
export async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size)
  await page.waitForFunction(({ width, height }) => window.innerWidth === width && window.innerHeight === height, size, { polling: 'raf' })
}

/**
 * Screenshots of the page in SHOTS' four ways (artifacts/screenshots/<fileName>.png),
 * the page following the system colour scheme. ready runs after each change of
 * width and scheme, before the shot. The viewport and light are put back afterwards.
 */
export async function shootEach(
  page: Page,
  fileName: (shot: Shot) => string,
  ready?: () => Promise<void>,
): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 800 }
  for (const s of SHOTS) {
    await resize(page, { width: s.width, height: s.width === 390 ? 844 : 800 })
    // The theme follows the system by default (features/theme), so the emulated scheme applies.
    await emulateScheme(page, s.theme)
    if (ready) await ready()
    await screenshot(page, fileName(s))
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await resize(page, size)
}

/** Screenshots at 1280 and 390 px, light and dark, as {name}-{light|dark}-{1280|390}.png. */
export async function shootAll(page: Page, name: string, ready?: () => Promise<void>): Promise<void> {
  await shootEach(page, (s) => `${name}-${s.theme}-${s.width}`, ready)
}

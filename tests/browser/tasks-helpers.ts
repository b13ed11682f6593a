import type { Locator, Page } from '@playwright/test'
import { type Account, expect as baseExpect, signInThroughUi, signUpThroughApi } from './fixtures'
import { shootEach } from './shots'
import { insert } from './db'

/**
 * The task journeys' expect: a screen that loads several queries gets 30 s
 * (the machines the suite runs on are shared, and slow at times).
 */
export const expect = baseExpect.configure({ timeout: 30_000 })

/** Signs up through /auth/v1, signs in through the app (at any width), and returns the user's id. */
export async function signedIn(page: Page, account: Account): Promise<string> {
  const { userId } = await signUpThroughApi(account)
  await signInThroughUi(page, account)
  await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible({ timeout: 60_000 })
  return userId
}

/** Gives the user the Pro plan (as billing would), for tests that need more than the Free caps. */
export async function makePro(userId: string): Promise<void> {
  await insert('user_subscriptions', { user_id: userId, status: 'active', plan_id: 'pro_monthly' })
}

/** The button that opens a task: its accessible name starts with the title. */
export function openButton(page: Page | Locator, title: string): Locator {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return page.getByRole('button', { name: new RegExp(`^${escaped}`) })
}

/** A task's row in the list. */
export function row(page: Page, title: string): Locator {
  return page.getByRole('listitem').filter({ has: openButton(page, title) })
}

export function pane(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Task details' })
}

/**
 * Waits until the open task shows as the viewport says: the pane above 768 px,
 * the modal at or below. Each has its own dialogs, so whether one is open is
 * asked only after the swap. By CSS, because an open dialog hides the pane from
 * the accessibility tree.
 */
export async function taskLayoutSettled(page: Page): Promise<void> {
  const wide = (page.viewportSize()?.width ?? 1280) > 768
  await expect(page.locator('aside[aria-label="Task details"]')).toHaveCount(wide ? 1 : 0)
}

export function sidebar(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Module' }).getByRole('navigation', { name: 'Tasks' })
}

/** Waits for the pane to say it saved. */
export async function autoSaved(page: Page): Promise<void> {
  await expect(pane(page).getByRole('status').filter({ hasText: 'Auto-saved' })).toBeVisible()
}

/** Screenshots of the page at 1280 and 390 px, light and dark, as name-<width>-<theme>.png. */
export async function shootAll(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  await shootEach(page, (s) => `${name}-${s.width}-${s.theme}`, ready)
}

/** The Undo of the toast that says message (an older toast may still be leaving). */
export function undoButton(page: Page, message: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: message }).getByRole('button', { name: 'Undo' })
}

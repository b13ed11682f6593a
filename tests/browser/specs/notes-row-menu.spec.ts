// The notes list's row menus mount on first pointer or focus (note-row-menu.tsx,
// NoteRowMenu): the keyboard and a touch that comes with no hover before it
// still open them, and the focus stays on the button when it is replaced.

import { expect, test } from '../fixtures'
import { dbInsert, dbRows, signedIn } from '../writing'

test('row menus: keyboard and a press before any hover', async ({ page, account }) => {
  const { userId } = await signedIn(page, account)
  await dbInsert('notes', [1, 2, 3].map((i) => ({ user_id: userId, title: `Note ${i}`, content: `Body ${i}` })))
  await page.goto('/app/notes')
  const list = page.getByRole('list', { name: 'Notes' })
  await expect(list.getByRole('link', { name: /Note 1/ })).toBeVisible()
  // Focus straight onto an unarmed menu button: the focus stays on the (new) button.
  await list.getByRole('button', { name: 'Actions for Note 2' }).focus()
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Actions for Note 2')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Pin to top' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menuitem', { name: 'Pin to top' })).toBeHidden()
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Actions for Note 2')
  // Tab from a row's link to its menu button, ArrowDown opens.
  await list.getByRole('link', { name: /Note 3/ }).focus()
  await page.keyboard.press('Tab')
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Actions for Note 3')
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'Pin to top' })).toBeVisible()
  await page.keyboard.press('Escape')
  // A press with no hover before it (a touch): the menu opens.
  await page.mouse.move(0, 0)
  await list.getByRole('button', { name: 'Actions for Note 1' }).dispatchEvent('pointerdown', { button: 0, pointerType: 'touch', isPrimary: true })
  await expect(page.getByRole('menuitem', { name: 'Pin to top' })).toBeVisible()
  await page.getByRole('menuitem', { name: 'Pin to top' }).click()
  await expect(list.getByLabel('Pinned')).toHaveCount(1)
  // The menu opened by that press did the work: the server has the pin.
  await expect
    .poll(async () => (await dbRows<{ title: string }>(`notes?user_id=eq.${userId}&pinned=is.true&select=title`)).map((n) => n.title))
    .toEqual(['Note 1'])
})

import type { Page } from '@playwright/test'
import { changelogEntries } from '../changelog'
import { insert, preference, select } from '../db'
import { daybase, screenshot, signInThroughUi, storeConsent, test } from '../fixtures'
import { shootAll } from '../shots'
import { expect, makePro, openButton, signedIn } from '../tasks-helpers'

// The rest of issue 22's account menu and appearance, as a person uses
// them: the dashboard's team card following the team context, the
// dashboard background and dark-sidebar switches (kept on the server, so a
// second browser gets them), the changelog, 'Sync failed' / 'Sync
// completed', printing the current list whole, and the debug information
// dialog for an admin. The database is checked through /rest/v1 with the
// service key as well as the screen.

const day = (offset: number) => {
  const d = new Date()
  d.setDate(d.getDate() + offset)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

async function accountMenu(page: Page, item: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: /^Account menu/ }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

/** The sidebar's background colour as the light-mode page draws it: r, g, b. */
async function sidebarRgb(page: Page): Promise<number[]> {
  const colour = await page.locator('[data-sidebar]').first().evaluate((el) => {
    // Resolve the theme's oklch() through a canvas: it answers in sRGB.
    const ctx = document.createElement('canvas').getContext('2d')
    if (!ctx) return ''
    ctx.fillStyle = getComputedStyle(el).backgroundColor
    ctx.fillRect(0, 0, 1, 1)
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)).join(',')
  })
  return colour.split(',').map(Number)
}

const isDark = (rgb: number[]) => rgb.reduce((a, b) => a + b, 0) / 3 < 90

test.describe('issue 22: the account menu and appearance', () => {
  test.slow()

  test('the dashboard shows the team activity in a team context, and not in the personal one', async ({ page, account }) => {
    const userId = await signedIn(page, account)
    // Personal context: no team card.
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Recent notes' }).or(page.getByText('No notes yet'))).toBeVisible()
    await expect(page.getByRole('link', { name: 'Open team' })).toHaveCount(0)

    // A team, made through the app; making it makes it the context.
    await page.goto('/app/teams/create')
    await page.getByRole('textbox', { name: 'Team name' }).fill('Apollo')
    await page.getByRole('button', { name: 'Create team' }).click()
    await expect(page.getByRole('heading', { name: 'Apollo', level: 1 })).toBeVisible()
    const [team] = await select<{ id: string }>('teams', `owner_id=eq.${userId}`)
    const teamId = team?.id ?? ''
    await page.getByRole('link', { name: 'Team settings' }).click()
    const invite = page.getByRole('region', { name: 'Invite a member' })
    await invite.getByRole('textbox', { name: 'Email' }).fill('grace@example.test')
    await invite.getByRole('button', { name: 'Send invitation' }).click()
    await expect(page.getByText('Invitation sent')).toBeVisible()
    const feed = await select<{ action: string }>('team_activity_log', `team_id=eq.${teamId}&order=created_at.desc&select=action`)
    expect(feed.map((e) => e.action)).toEqual(['member_invited', 'team_created'])

    // The dashboard, reached as a person does: the team's card with the feed in words, newest first.
    await page.getByRole('link', { name: 'Dashboard' }).first().click()
    const card = page.getByRole('region', { name: 'Apollo' })
    const items = card.getByRole('list', { name: 'Team activity' }).getByRole('listitem')
    await expect(items).toHaveCount(2)
    await expect(items.nth(0)).toContainText('You invited grace@example.test')
    await expect(items.nth(1)).toContainText('You created the team')
    await expect(items.nth(1).locator('time')).toHaveText('Just now')
    await shootAll(page, 'dashboard-team', () => expect(items).toHaveCount(2))
    await card.getByRole('link', { name: 'Open team' }).click()
    await expect(page).toHaveURL(new RegExp(`/app/teams/${teamId}$`))

    // Back to personal with the switcher: the card is gone, the choice remembered.
    await page.goto('/app/teams')
    await page.getByRole('combobox', { name: 'Team context' }).selectOption('Personal')
    expect(await page.evaluate(() => localStorage.getItem('currentTeamId'))).toBeNull()
    await page.getByRole('link', { name: 'Dashboard' }).first().click()
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Recent notes' }).or(page.getByText('No notes yet'))).toBeVisible()
    await expect(page.getByRole('region', { name: 'Apollo' })).toHaveCount(0)
  })

  test('the dashboard background and the dark sidebar: switched in settings, kept on the server', async ({ page, browser, account }) => {
    const userId = await signedIn(page, account)
    await page.emulateMedia({ colorScheme: 'light' })
    const dashboard = page.locator('[data-slot="dashboard"]')
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible()
    expect(await dashboard.evaluate((el) => getComputedStyle(el).backgroundImage)).toBe('none')
    expect(isDark(await sidebarRgb(page))).toBe(false)

    await page.goto('/app/settings/preferences')
    const background = page.getByRole('switch', { name: 'Dashboard background' })
    const darkSidebar = page.getByRole('switch', { name: 'Dark sidebar in light mode' })
    await background.click()
    await expect(background).toBeChecked()
    await darkSidebar.press('Space')
    await expect(darkSidebar).toBeChecked()
    await expect.poll(() => preference(userId, 'appearance.showDashboardBackground')).toBe(true)
    await expect.poll(() => preference(userId, 'appearance.darkSidebarInLightMode')).toBe(true)
    // The sidebar turns dark at once, in light mode only.
    await expect.poll(async () => isDark(await sidebarRgb(page))).toBe(true)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).not.toHaveClass(/dark-sidebar/)
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator('html')).toHaveClass(/dark-sidebar/)
    await shootAll(page, 'appearance-settings', () => expect(darkSidebar).toBeChecked())

    await page.getByRole('link', { name: 'Dashboard' }).first().click()
    await expect(page.getByRole('region', { name: 'Today' })).toBeVisible()
    await expect.poll(() => dashboard.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/gradient/)
    await shootAll(page, 'dashboard-background', () => expect(page.getByRole('region', { name: 'Today' })).toBeVisible())

    // Another browser, the same account: both choices came from the server.
    const context = await browser.newContext({ colorScheme: 'light' })
    await storeConsent(context)
    const other = await context.newPage()
    await signInThroughUi(other, account)
    await expect(other.getByRole('region', { name: 'Today' })).toBeVisible({ timeout: 60_000 })
    await expect.poll(() => other.locator('[data-slot="dashboard"]').evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/gradient/)
    await expect.poll(async () => isDark(await sidebarRgb(other))).toBe(true)
    await context.close()

    // Both off again.
    await page.goto('/app/settings/preferences')
    await background.click()
    await darkSidebar.click()
    await expect(darkSidebar).not.toBeChecked()
    await expect.poll(() => preference(userId, 'appearance.showDashboardBackground')).toBe(false)
    await expect.poll(() => preference(userId, 'appearance.darkSidebarInLightMode')).toBe(false)
    await expect.poll(async () => isDark(await sidebarRgb(page))).toBe(false)
  })

  test('the changelog: every entry of CHANGELOG.md, and the mark of unseen changes goes once read', async ({ page, account }) => {
    const entries = changelogEntries()
    expect(entries.length).toBeGreaterThan(1)
    const userId = await signedIn(page, account)
    await page.getByRole('button', { name: /^Account menu/ }).click()
    await expect(page.getByRole('menuitem', { name: /What's new/ }).getByRole('img', { name: 'New changes' })).toBeVisible()
    await page.getByRole('menuitem', { name: 'Changelog' }).click()

    const dialog = page.getByRole('dialog', { name: 'Changelog' })
    await expect(dialog.getByRole('heading', { level: 3 })).toHaveText(entries.map((e) => e.title))
    await expect(dialog.getByText('Latest', { exact: true })).toBeVisible()
    await expect.poll(() => preference(userId, 'whatsNew.lastSeen')).toBe(entries[0]?.date)
    await shootAll(page, 'changelog', () => expect(dialog).toBeVisible())
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // Read: the mark is gone, here and after a reload (the server remembers).
    await page.reload()
    await page.getByRole('button', { name: /^Account menu/ }).click()
    await expect(page.getByRole('menuitem', { name: /What's new/ })).toBeVisible()
    await expect(page.getByRole('img', { name: 'New changes' })).toHaveCount(0)
    // From What's new, the link to the whole changelog.
    await page.getByRole('menuitem', { name: /What's new/ }).click()
    await page.getByRole('button', { name: 'See the whole changelog' }).click()
    await expect(page.getByRole('dialog', { name: 'Changelog' }).getByRole('heading', { level: 3 })).toHaveCount(entries.length)
  })

  test("Sync now: 'Sync failed' while the server cannot be reached, then 'Sync completed' with the newer data", async ({ page, account, consoleErrors }) => {
    test.setTimeout(600_000)
    consoleErrors.allow(/Failed to load resource|ERR_INTERNET_DISCONNECTED|Failed to fetch/)
    const userId = await signedIn(page, account)
    const today = page.getByRole('region', { name: 'Today' })
    await expect(today.getByText('Nothing due today')).toBeVisible()

    // The connection to the data drops; a task arrives from elsewhere meanwhile.
    await page.route('**/rest/v1/**', (route) => route.abort('internetdisconnected'))
    await insert('tasks', { user_id: userId, title: 'Written on the phone', due_date: day(0) })
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await accountMenu(page, 'Sync now')
        const failed = page.locator('[data-sonner-toast]').filter({ hasText: 'Sync failed' }).last()
        await expect(failed).toBeVisible()
        await expect(failed).toContainText('Please check your connection and try again.')
        await screenshot(page, `sync-failed-${scheme}-${width}`)
        // The toast leaves by itself; the next attempt's is a new one.
        await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Sync failed' })).toHaveCount(0, { timeout: 30_000 })
      }
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1280, height: 800 })

    // Back online: Sync now brings the task in.
    await page.unroute('**/rest/v1/**')
    await accountMenu(page, 'Sync now')
    await expect(page.getByText('Sync completed')).toBeVisible()
    await expect(today.getByText('Written on the phone')).toBeVisible()
    expect(await select('tasks', `user_id=eq.${userId}&title=eq.Written%20on%20the%20phone&select=id`)).toHaveLength(1)
  })

  test('print: the account menu prints the current list whole, and paper shows the content only', async ({ page, account }) => {
    const userId = await signedIn(page, account)
    await makePro(userId)
    const titles = Array.from({ length: 60 }, (_, i) => `Print row ${String(i + 1).padStart(2, '0')}`)
    await insert('tasks', titles.map((title, i) => ({ user_id: userId, title, sort_order: i })))
    // The account menu's Print calls the browser's print (counted, then done as usual).
    await page.addInitScript(() => {
      const w = window as unknown as { prints: number }
      w.prints = 0
      const print = window.print.bind(window)
      window.print = () => {
        w.prints += 1
        print()
      }
    })
    await page.goto('/app/tasks?view=inbox')
    await expect(openButton(page, 'Print row 01')).toBeVisible()
    // On screen the list is virtualised: not every row is drawn.
    await expect(openButton(page, 'Print row 60')).toHaveCount(0)
    await accountMenu(page, 'Print')
    await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1)

    // Headless Chromium holds window.print()'s job open (page.pdf then answers 'Page is
    // already being printed') and shows nothing; a real print starts with the beforeprint
    // event and print media, given here as Chromium gives them.
    await page.emulateMedia({ media: 'print' })
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')))
    const printed = await page.locator('[data-task-open]').allTextContents()
    const stored = (await select<{ title: string }>('tasks', `user_id=eq.${userId}&is_deleted=eq.false&order=sort_order&select=title`)).map((t) => t.title)
    expect(stored).toEqual(titles)
    expect(titles.filter((t) => !printed.some((p) => p.includes(t)))).toEqual([])
    // Drawn on paper, not only in the DOM: the titles are their open buttons.
    for (const t of [titles[0] ?? '', titles[59] ?? '']) await expect(openButton(page, t)).toBeVisible()
    // The print stylesheet: the shell's chrome goes, the rows stay, the page grows to the list.
    await expect(page.locator('[data-sidebar]').first()).toBeHidden()
    await expect(page.getByRole('button', { name: /^Account menu/ })).toBeHidden()
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(60 * 40)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ media: 'print', colorScheme: scheme })
      await screenshot(page, `print-${scheme}-1280`)
    }
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')))
    await page.emulateMedia({ media: 'screen', colorScheme: 'light' })
    await expect(page.locator('[data-sidebar]').first()).toBeVisible()
    // After printing the screen is virtualised again.
    await expect(openButton(page, 'Print row 60')).toHaveCount(0)
  })

  test('the debug information dialog: for an admin named by the operator, not for anyone else', async ({ page, account, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const userId = await signedIn(page, account)
    await page.getByRole('button', { name: /^Account menu/ }).click()
    await expect(page.getByRole('menuitem', { name: 'Changelog' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: 'Debug information' })).toHaveCount(0)
    await page.keyboard.press('Escape')

    // The operator names them admin; their next session carries the claim.
    expect(await daybase('admin', 'grant', account.email)).toContain(`${account.email} is an admin`)
    try {
      await accountMenu(page, 'Log out')
      await expect(page).toHaveURL(/\/auth$/)
      await signInThroughUi(page, account)
      await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible({ timeout: 60_000 })

      // Reached from the keyboard: the menu, then the item.
      await page.getByRole('button', { name: /^Account menu/ }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('menuitem', { name: 'Debug information' }).focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: 'Debug information' })
      const value = (section: string, key: string) =>
        dialog.getByRole('region', { name: section }).locator('dt', { hasText: new RegExp(`^${key}$`) }).locator('xpath=following-sibling::dd[1]')
      await expect(value('Session', 'User id')).toHaveText(userId)
      await expect(value('Session', 'E-mail')).toHaveText(`${account.email} (confirmed)`)
      await expect(value('Session', 'Assurance level')).toHaveText('aal1')
      const deviceId = await page.evaluate(() => localStorage.getItem('daybase.deviceId'))
      await expect(value('Device', 'Device id')).toHaveText(deviceId ?? 'missing')
      await expect(value('Device', 'Colour scheme')).toHaveText('light')
      await expect(value('App', 'Online')).toHaveText('yes')
      // The user id is the account's own row in the database.
      expect(await select('user_profiles', `id=eq.${userId}&select=id`)).toHaveLength(1)
      await shootAll(page, 'debug-dialog', () => expect(dialog).toBeVisible())

      await dialog.getByRole('button', { name: 'Copy as JSON' }).click()
      await expect(page.getByText('Debug information copied')).toBeVisible()
      const copied = await page.evaluate(() => navigator.clipboard.readText())
      const report = JSON.parse(copied) as Record<string, Record<string, string>>
      expect(report.Session?.['User id']).toBe(userId)
      expect(report.Device?.['Device id']).toBe(deviceId)
      // No token leaves with it.
      const session = await page.evaluate(() => {
        for (const key of Object.keys(localStorage)) if (key.endsWith('-auth-token')) return localStorage.getItem(key)
        return null
      })
      const tokens = JSON.parse(session ?? '{}') as { access_token?: string; refresh_token?: string }
      expect(tokens.access_token).toBeTruthy()
      expect(copied).not.toContain(tokens.access_token ?? 'no token')
      expect(copied).not.toContain(tokens.refresh_token ?? 'no token')
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    } finally {
      await daybase('admin', 'revoke', account.email)
    }
  })
})

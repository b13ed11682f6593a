import { expect, test } from '../fixtures'
import { dbInsert, dbRows, pngBytes, rpcAs, shots, signedIn } from '../writing'

type EntryRow = { id: string; title: string; content: string; date: string; mood: number | null; folder: string | null }
type ImageRow = { id: string; image_url: string; image_order: number }

/** yyyy-MM-dd of the browser's (and this machine's) local day, n days ago. */
function day(n: number): string {
  const d = new Date()
  d.setDate(d.getDate() - n)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

test('a journal, and an entry in it with date, mood and two images in a gallery', async ({ page, account }) => {
  // A long journey with screenshots in four looks: room on a busy machine.
  test.setTimeout(240_000)
  const { userId } = await signedIn(page, account)
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Journal' }).click()
  await expect(page.getByRole('heading', { name: 'Your journal is empty' })).toBeVisible()
  await shots(page, 'journal-empty')

  // Create Journal: name required, one of ten icons, one of nine colours.
  await page.getByRole('button', { name: 'Create Journal' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Journal' })
  await expect(dialog.getByRole('radiogroup', { name: 'Icon' }).getByRole('radio')).toHaveCount(10)
  await expect(dialog.getByRole('radiogroup', { name: 'Colour' }).getByRole('radio')).toHaveCount(9)
  await expect(dialog.getByRole('radio', { name: 'Work' })).toBeVisible()
  await dialog.getByLabel('Journal name').fill('   ')
  await dialog.getByRole('button', { name: 'Create Journal' }).click()
  await expect(dialog.getByText('Journal name is required')).toBeVisible()
  await dialog.getByLabel('Journal name').fill('Gratitude')
  await dialog.getByRole('radio', { name: 'Heart' }).click()
  await dialog.getByRole('radio', { name: 'Pink' }).click()
  await shots(page, 'journal-dialog')
  await dialog.getByRole('button', { name: 'Create Journal' }).click()
  await expect(page.getByText('Journal created')).toBeVisible()
  const [journal] = await dbRows<{ id: string; name: string; color: string }>(`journal_folders?user_id=eq.${userId}`)
  expect(journal).toMatchObject({ name: 'Gratitude', color: '{"icon":"heart","color":"pink"}' })

  // A new entry from the journal's page belongs to it.
  const sidebar = page.getByRole('navigation', { name: 'Journal' })
  await sidebar.getByRole('link', { name: /^Gratitude/ }).click()
  await expect(page).toHaveURL(new RegExp(`/app/journal\\?journal=${journal?.id}$`))
  await page.getByRole('link', { name: 'New entry' }).last().click()
  await expect(page).toHaveURL(/\/app\/journal\/[0-9a-f-]{36}\?new=1&journal=/)
  await expect(page.getByRole('combobox', { name: 'Journal' })).toHaveValue(journal?.id ?? '')
  await page.getByLabel('Date').fill(day(2))
  await page.getByLabel('Title').fill('A good day')
  // The first words create the entry (a toast shows for a few seconds).
  await expect(page.getByText('Journal entry created')).toBeVisible()
  await page.getByRole('radio', { name: 'Great' }).click()
  await page.getByRole('textbox', { name: 'Entry text' }).click()
  await page.keyboard.type('Walked by the river with **friends**.')
  await expect(page.getByTestId('save-status')).toHaveText('Saved')
  await expect(page).toHaveURL(/\/app\/journal\/[0-9a-f-]{36}$/)
  const entryId = /\/app\/journal\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? ''
  await expect
    .poll(async () => (await dbRows<EntryRow>(`journal_entries?id=eq.${entryId}`))[0])
    .toMatchObject({ title: 'A good day', content: 'Walked by the river with **friends**.', date: day(2), mood: 5, folder: journal?.id })

  // Two images: journal-images/{entryId}/{timestamp}.{ext}, a journal_images row each, in order.
  await page.getByLabel('Images to add').setInputFiles([
    { name: 'river.png', mimeType: 'image/png', buffer: pngBytes(0) },
    { name: 'friends.png', mimeType: 'image/png', buffer: pngBytes(1) },
  ])
  const gallery = page.getByRole('list', { name: 'Entry images' })
  await expect(gallery.getByRole('listitem')).toHaveCount(2)
  await expect(page.getByText('Image uploaded').first()).toBeVisible()
  const images = () => dbRows<ImageRow>(`journal_images?journal_entry_id=eq.${entryId}&order=image_order`)
  await expect.poll(async () => (await images()).length).toBe(2)
  const [first, second] = await images()
  for (const [i, img] of [first, second].entries()) {
    expect(img?.image_order).toBe(i)
    expect(img?.image_url).toMatch(new RegExp(`/storage/v1/object/public/journal-images/${entryId}/\\d+\\.png$`))
    expect((await fetch(img?.image_url ?? '')).status).toBe(200)
  }
  await shots(page, 'journal-entry')

  // Reorder: the second image first.
  await gallery.getByRole('button', { name: 'Move image 2 earlier' }).click()
  await expect.poll(async () => (await images()).map((i) => i.id)).toEqual([second?.id, first?.id])

  // The lightbox: open, next, close.
  await gallery.getByRole('button', { name: 'Open image 1 of 2' }).click()
  const lightbox = page.getByRole('dialog', { name: 'Image 1 of 2' })
  await expect(lightbox.getByRole('img')).toHaveAttribute('src', second?.image_url ?? '')
  await shots(page, 'journal-lightbox')
  await lightbox.getByRole('button', { name: 'Next image' }).click()
  await expect(page.getByRole('dialog', { name: 'Image 2 of 2' }).getByRole('img')).toHaveAttribute('src', first?.image_url ?? '')
  await page.keyboard.press('Escape')

  // Delete one: the row and the file go.
  await gallery.getByRole('button', { name: 'Delete image 2' }).click()
  await page.getByRole('button', { name: 'Delete image' }).click()
  await expect(page.getByText('Image deleted')).toBeVisible()
  await expect.poll(async () => (await images()).map((i) => i.id)).toEqual([second?.id])
  await expect.poll(async () => (await fetch(first?.image_url ?? '')).status).not.toBe(200)

  // Back in the list: grouped by month, with its mood and journal.
  await page.getByRole('link', { name: 'Back to the journal' }).click()
  const month = new Date(`${day(2)}T12:00`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' })
  const group = page.getByRole('region', { name: new RegExp(month) })
  await expect(group.getByRole('link', { name: /A good day/ })).toBeVisible()
  await expect(group.getByLabel('Mood: Great')).toBeVisible()
  await expect(sidebar.getByRole('link', { name: /^Gratitude/ })).toContainText('1')
  await expect(sidebar.getByRole('link', { name: /^All Entries/ })).toContainText('1')
  await sidebar.getByRole('link', { name: 'Recent' }).click()
  await expect(page.getByRole('heading', { name: 'Recent entries' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Recent entries' }).getByRole('link', { name: /A good day/ })).toBeVisible()
})

test('statistics after a week of entries: this month, words, mood, streak, the year and mood over time', async ({ page, account }) => {
  const { userId, accessToken } = await signedIn(page, account)
  const moods = [3, 4, 5, 4, 2, 4, 5]
  await dbInsert(
    'journal_entries',
    moods.map((mood, i) => ({ user_id: userId, title: `Day ${i}`, content: `one two three ${'word '.repeat(i)}`.trim(), date: day(i), mood })),
  )
  // What the server says, for the user's own day (the app asks the same).
  const [stats] = await rpcAs<{ entries_this_month: number; total_words: number; average_mood: number; current_streak: number }[]>(
    accessToken,
    'get_journal_statistics',
    { p_today: day(0) },
  )
  const thisMonth = moods.filter((_, i) => day(i).slice(0, 7) === day(0).slice(0, 7)).length
  expect(stats).toMatchObject({ entries_this_month: thisMonth, total_words: 7 * 3 + (0 + 1 + 2 + 3 + 4 + 5 + 6), current_streak: 7 })
  expect(Number(stats?.average_mood)).toBeCloseTo(27 / 7, 2)

  await page.goto('/app/journal')
  const figures = page.getByLabel('Journal statistics')
  await expect(figures).toContainText(`This month${thisMonth}`)
  await expect(figures).toContainText('Total words42')
  await expect(figures).toContainText('Average mood3.9 · Good')
  await expect(figures).toContainText('Current streak7 days')
  await expect(page.getByRole('img', { name: 'Calendar of the last year: 7 entries written on 7 days.' })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Weekly average mood over the last 6 months/ })).toBeVisible()
  await shots(page, 'journal-stats')
})

test('the 31st entry of a month on Free opens the paywall', async ({ page, account }) => {
  const { userId } = await signedIn(page, account)
  await dbInsert(
    'journal_entries',
    Array.from({ length: 30 }, (_, i) => ({ user_id: userId, title: `e${i}`, date: day(0) })),
  )
  await page.goto('/app/journal')
  await expect(page.getByRole('navigation', { name: 'Journal' }).getByRole('link', { name: /^All Entries/ })).toContainText('30')
  await page.getByRole('link', { name: 'New entry' }).last().click()
  const paywall = page.getByRole('dialog', { name: 'Upgrade to keep going' })
  await expect(paywall).toContainText('Journal limit reached for Free plan this month')
  await shots(page, 'journal-paywall')
  await paywall.getByRole('button', { name: 'Not now' }).click()
  expect(await dbRows(`journal_entries?user_id=eq.${userId}&select=id`)).toHaveLength(30)
})

test('search from the palette reaches notes and journal entries', async ({ page, account }) => {
  const { userId } = await signedIn(page, account)
  await dbInsert('notes', { user_id: userId, title: 'Zebracorn facts', content: 'Striped and horned.' })
  await dbInsert('journal_entries', { user_id: userId, title: 'Saw a zebracorn', content: 'At the zoo.', date: day(1) })
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await expect(palette).toBeVisible()
  await page.keyboard.type('zebracorn')
  await expect(palette.getByRole('option', { name: /Zebracorn facts/ })).toBeVisible()
  await expect(palette.getByRole('option', { name: /Saw a zebracorn/ })).toBeVisible()
  await shots(page, 'palette-search')
  await palette.getByRole('option', { name: /Saw a zebracorn/ }).click()
  await expect(page).toHaveURL(/\/app\/journal\/[0-9a-f-]{36}$/)
  await expect(page.getByLabel('Title')).toHaveValue('Saw a zebracorn')
  // And the search page lists both.
  await page.getByRole('searchbox', { name: 'Search' }).fill('zebracorn')
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter')
  await expect(page.getByRole('region', { name: 'Notes results' }).getByRole('link', { name: /Zebracorn facts/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Journal results' }).getByRole('link', { name: /Saw a zebracorn/ })).toBeVisible()
})

test('an entry deleted right after typing stays deleted', async ({ page, account }) => {
  const { userId } = await signedIn(page, account)
  await dbInsert('journal_entries', { user_id: userId, title: 'Second thoughts', content: 'Maybe.', date: day(1) })
  const [entry] = await dbRows<EntryRow>(`journal_entries?user_id=eq.${userId}&select=id`)
  await page.goto(`/app/journal/${entry?.id}`)
  await expect(page.getByLabel('Title')).toHaveValue('Second thoughts')
  // Typed, then deleted before the autosave's pause is over.
  await page.getByLabel('Title').fill('Second thoughts, really')
  await page.getByRole('button', { name: 'Delete entry' }).click()
  await expect(page).toHaveURL(/\/app\/journal$/)
  await expect.poll(async () => (await dbRows<{ is_deleted: boolean }>(`journal_entries?id=eq.${entry?.id}&select=is_deleted`))[0]?.is_deleted).toBe(true)
  // The last save went out before the delete: nothing brings the entry back.
  await page.waitForTimeout(1500)
  await expect(page.getByRole('link', { name: /Second thoughts/ })).toHaveCount(0)
})

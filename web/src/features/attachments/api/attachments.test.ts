import { describe, expect, it } from 'vitest'
import { type Attachment, withAttachment, withUrl } from './attachments'

const row = (id: string, url: string | null = null): Attachment => ({
  id,
  task_id: 't',
  user_id: 'u',
  filename: `${id}.txt`,
  file_size: 1,
  mime_type: 'text/plain',
  local_path: `u/t/${id}.txt`,
  created_at: '2026-11-27T07:00:00Z',
  url,
})

describe('the cached list after an upload', () => {
  it('shows the recorded row at the top at once, without a URL', () => {
    expect(withAttachment([row('old', 'https://x/old')], row('new'))?.map((a) => [a.id, a.url])).toEqual([
      ['new', null],
      ['old', 'https://x/old'],
    ])
  })

  it('does not add the row twice when a re-read already brought it', () => {
    const list = [row('new', 'https://x/new')]
    expect(withAttachment(list, row('new'))).toBe(list)
  })

  it('gives the row its signed URL when it comes, and keeps one a re-read already gave', () => {
    expect(withUrl([row('new'), row('old', 'https://x/old')], 'new', 'https://x/new')?.map((a) => a.url)).toEqual(['https://x/new', 'https://x/old'])
    expect(withUrl([row('new', 'https://x/fresh')], 'new', 'https://x/late')?.[0]?.url).toBe('https://x/fresh')
  })

  it('leaves the list alone when signing failed or the list is not loaded', () => {
    const list = [row('new')]
    expect(withUrl(list, 'new', null)).toBe(list)
    expect(withUrl(undefined, 'new', 'https://x/new')).toBeUndefined()
  })
})

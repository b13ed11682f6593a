import { fireEvent, render, waitFor } from '@testing-library/react'
import type { Editor } from '@tiptap/core'
import { createRef } from 'react'
import { describe, expect, it } from 'vitest'
import { looksLikeMarkdown } from './extensions'
import RichEditor, { type RichEditorHandle } from './rich-editor'
import { normalizeLink } from './toolbar'

const DOC = [
  '# Trip',
  '',
  'Some **bold**, *italic*, ~~struck~~ and `code` with a [link](https://example.com).',
  '',
  '- one',
  '- two',
  '',
  '1. first',
  '2. second',
  '',
  '- [ ] open task',
  '- [x] done task',
  '',
  '> a quote',
  '',
  '```',
  'const a = 1',
  '```',
  '',
  'Ask @[Sam Lee](0b7c1c8e-9c7e-4a59-9a8e-6a0f4a3b2c11) today.',
  '',
  '![map](https://example.com/map.png)',
].join('\n')

/** jsdom has no layout: ProseMirror scrolls the selection into view with these. */
function fakeLayout() {
  const rects = { getClientRects: () => [] as unknown as DOMRectList, getBoundingClientRect: () => new DOMRect() }
  Object.assign(Range.prototype, rects)
  Object.assign(Text.prototype, rects)
}

// The first test pays for loading TipTap and ProseMirror (several seconds on a busy machine).
describe('RichEditor', { timeout: 30_000 }, () => {
  it('reads markdown and writes the same markdown back', async () => {
    const ref = createRef<RichEditorHandle>()
    const { getByRole } = render(<RichEditor markdown={DOC} label="Note content" handleRef={ref} mentions={() => []} />)
    await waitFor(() => expect(ref.current).not.toBeNull())
    expect(getByRole('textbox', { name: 'Note content' })).toBeInTheDocument()
    expect(ref.current?.getMarkdown().trim()).toBe(DOC)
  })

  it('keeps the mention form of spec 002 without a mention picker too', async () => {
    const ref = createRef<RichEditorHandle>()
    render(<RichEditor markdown="Hi @[Ann](0b7c1c8e-9c7e-4a59-9a8e-6a0f4a3b2c11)" label="x" handleRef={ref} editable={false} />)
    await waitFor(() => expect(ref.current).not.toBeNull())
    expect(ref.current?.getMarkdown().trim()).toBe('Hi @[Ann](0b7c1c8e-9c7e-4a59-9a8e-6a0f4a3b2c11)')
  })

  it('marks the top-level block holding the selection, and only it, as being edited', async () => {
    // editor.css draws off-screen blocks lazily except this one: a block
    // made between two fast keys must be drawn from the start (editing-block.ts).
    fakeLayout()
    const ref = createRef<RichEditorHandle>()
    const { getByRole } = render(<RichEditor markdown={'one\n\n- two\n- three\n\nfour'} label="Blocks" handleRef={ref} />)
    await waitFor(() => expect(ref.current).not.toBeNull())
    const root = getByRole('textbox', { name: 'Blocks' })
    const editing = () => [...root.children].map((c) => c.classList.contains('is-editing'))
    ref.current?.focus()
    // Into the list's second item: the whole list is the block being edited.
    await waitFor(() => expect(editing()).toEqual([true, false, false]), { timeout: 5_000 })
    const text = root.querySelectorAll('li')[1]?.querySelector('p')?.firstChild
    if (!text) throw new Error('no list text')
    // Through the editor (TipTap keeps itself on its element): jsdom's
    // selectionchange reaches ProseMirror only on its own timing.
    const editor = (root as HTMLElement & { editor: Editor }).editor
    editor.commands.setTextSelection(editor.view.posAtDOM(text, 2))
    await waitFor(() => expect(editing()).toEqual([false, true, false]), { timeout: 5_000 })
  })

  it('a toolbar button gives the text its focus back at once, so the next key lands there', async () => {
    // TipTap's focus() waits for an animation frame; keys typed before it
    // (a busy machine handles input first) went to the button and were lost.
    fakeLayout()
    const ref = createRef<RichEditorHandle>()
    const { getByRole } = render(<RichEditor markdown="one" label="Marks" handleRef={ref} />)
    await waitFor(() => expect(ref.current).not.toBeNull())
    const root = getByRole('textbox', { name: 'Marks' })
    const editor = (root as HTMLElement & { editor: Editor }).editor
    editor.commands.setTextSelection(4)
    const strike = getByRole('button', { name: 'Strikethrough' })
    // A pointer press does not take the focus from the text.
    expect(fireEvent.mouseDown(strike)).toBe(false)
    // Pressed while it has the focus (reached with Tab, or a press anyway).
    strike.focus()
    fireEvent.click(strike)
    expect(document.activeElement).toBe(root)
    expect(editor.isActive('strike')).toBe(true)
    // The same for Undo.
    const undo = getByRole('button', { name: 'Undo' })
    editor.commands.insertContent(' struck')
    await waitFor(() => expect(undo).toBeEnabled())
    undo.focus()
    fireEvent.click(undo)
    expect(document.activeElement).toBe(root)
  })

  it('recognises markdown in pasted text', () => {
    expect(looksLikeMarkdown('# Title\n\ntext')).toBe(true)
    expect(looksLikeMarkdown('- [ ] task')).toBe(true)
    expect(looksLikeMarkdown('see [x](https://a.b)')).toBe(true)
    expect(looksLikeMarkdown('just a sentence.')).toBe(false)
  })

  it('accepts web and mail links only', () => {
    expect(normalizeLink('example.com')).toBe('https://example.com')
    expect(normalizeLink('mailto:a@b.c')).toBe('mailto:a@b.c')
    expect(normalizeLink('javascript:alert(1)')).toBeNull()
    expect(normalizeLink('  ')).toBeNull()
  })
})

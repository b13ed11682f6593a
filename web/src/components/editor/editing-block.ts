import { Extension } from '@tiptap/core'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import { Decoration, DecorationSet } from '@tiptap/pm/view'

/**
 * Marks the top-level block(s) holding the selection with `is-editing`.
 * editor.css skips drawing top-level blocks off screen
 * (`content-visibility: auto`), and Chromium treats a block that has it as
 * not rendered until its next frame has decided it is on screen. A block
 * made between two fast keys ('> ' turning into a quote, Enter splitting a
 * paragraph) was then not a place the caret could be, and the next key's
 * text landed in a paragraph after it. Blocks being edited are drawn always;
 * the mark is on the block from the transaction that makes it.
 */
export const EditingBlock = Extension.create({
  name: 'editingBlock',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('editingBlock'),
        props: {
          decorations: ({ doc, selection }) => {
            const decos: Decoration[] = []
            const mark = (pos: number) => {
              const $pos = doc.resolve(pos)
              const start = $pos.depth > 0 ? $pos.before(1) : pos
              const node = $pos.depth > 0 ? $pos.node(1) : $pos.nodeAfter
              if (!node || decos.some((d) => d.from === start)) return
              decos.push(Decoration.node(start, start + node.nodeSize, { class: 'is-editing' }))
            }
            mark(selection.from)
            mark(selection.to)
            return DecorationSet.create(doc, decos)
          },
        },
      }),
    ]
  },
})

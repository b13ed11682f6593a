import type { MentionNodeAttrs } from '@tiptap/extension-mention'
import type { Editor } from '@tiptap/core'
import { EditorContent, ReactRenderer, type UseEditorOptions, useEditor } from '@tiptap/react'
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion'
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react'
import { cn } from '@/lib/cn'
import { type ImageUpload, type MentionCandidate, editorExtensions } from './extensions'
import { MentionList, type MentionListHandle } from './mention-list'
import { EditorToolbar } from './toolbar'
import './editor.css'

/** What the page holding the editor may ask of it. */
export type RichEditorHandle = {
  /** The document as markdown (the note's `content`). Costs a walk of the document: call it when saving, not per key. */
  getMarkdown: () => string
  /** Replaces the document (a newer version from elsewhere); not reported through onChange. */
  setMarkdown: (markdown: string) => void
  focus: () => void
}

export type RichEditorProps = {
  /** The document the editor starts with (markdown). */
  markdown: string
  /** Accessible name of the text area, e.g. 'Note content'. */
  label: string
  editable?: boolean
  placeholder?: string
  /** The user changed the document (typing, formatting, pasting). */
  onChange?: () => void
  /** The people who can be @mentioned; without it '@' is plain text. */
  mentions?: () => readonly MentionCandidate[]
  /** Uploads an image and answers its URL; without it there is no image button or image paste. */
  onUploadImage?: ImageUpload
  /** An image upload failed (the page shows its toast). */
  onUploadError?: (error: unknown) => void
  handleRef?: Ref<RichEditorHandle>
  autoFocus?: boolean
  className?: string
}

function mentionItems(mentions: RichEditorProps['mentions'], query: string): MentionCandidate[] {
  const q = query.toLowerCase()
  return (mentions?.() ?? []).filter((p) => p.label.toLowerCase().includes(q) || (p.email ?? '').toLowerCase().includes(q)).slice(0, 5)
}

/**
 * The rich-text editor of notes and journal entries (TipTap 3 on
 * ProseMirror). It reads and writes markdown, so what is stored can be
 * searched and exported as it is. Loaded only by the pages that edit
 * (React.lazy), with its own CSS.
 */
export default function RichEditor({
  markdown,
  label,
  editable = true,
  placeholder = 'Write something…',
  onChange,
  mentions,
  onUploadImage,
  onUploadError,
  handleRef,
  autoFocus = false,
  className,
}: RichEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  // The callbacks change with the page's renders; the editor is built once.
  const latest = useRef({ onChange, mentions, onUploadImage, onUploadError })
  latest.current = { onChange, mentions, onUploadImage, onUploadError }
  const applyingRemote = useRef(false)

  // Built once and handed to useEditor as the same object on every render:
  // options that differ make it call setOptions, which resets the view's
  // props and state, and the page around re-renders on each autosave step
  // while one types. What may change later is applied on its own (editable
  // below, setMarkdown for the content).
  const [options] = useState<UseEditorOptions>(() => ({
    // A strict Content-Security-Policy refuses TipTap's injected <style>; editor.css has the rules.
    injectCSS: false,
    immediatelyRender: true,
    // The toolbar subscribes to what it shows (useEditorState); nothing else re-renders per keystroke.
    shouldRerenderOnTransaction: false,
    editable,
    autofocus: autoFocus ? 'end' : false,
    content: markdown,
    contentType: 'markdown',
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'px-4 py-4 md:px-8',
        spellcheck: 'true',
      },
    },
    extensions: editorExtensions({
      placeholder,
      getUpload: () => latest.current.onUploadImage,
      onUploadError: (e) => latest.current.onUploadError?.(e),
      onLinkShortcut: () => setLinkOpen(true),
      // Always built, and on only while the caller offers people: a note
      // becomes shared (and its people mentionable) after its editor is.
      mentionSuggestion: {
        char: '@',
        // Closes on a space or a line break (002 §5).
        allowSpaces: false,
        allow: () => latest.current.mentions !== undefined,
        items: ({ query }) => mentionItems(latest.current.mentions, query),
        render: () => {
          let renderer: ReactRenderer<MentionListHandle, SuggestionProps<MentionCandidate, MentionNodeAttrs>> | null = null
          let unmount: (() => void) | null = null
          return {
            onStart: (props) => {
              renderer = new ReactRenderer(MentionList, { props, editor: props.editor })
              unmount = props.mount(renderer.element)
            },
            onUpdate: (props) => renderer?.updateProps(props),
            onKeyDown: (props: SuggestionKeyDownProps) => {
              if (props.event.key === 'Escape') return false
              return renderer?.ref?.onKeyDown(props) ?? false
            },
            onExit: () => {
              unmount?.()
              renderer?.destroy()
              renderer = null
            },
          }
        },
      },
    }),
    onUpdate: ({ transaction }) => {
      if (applyingRemote.current || !transaction.docChanged) return
      latest.current.onChange?.()
    },
  }))
  const editor = useEditor(options)
  // Whether one may write can change after the editor is built (a
  // recipient's permission arrives after the note), and useEditor takes
  // its options once.
  useEffect(() => {
    if (editor.isEditable !== editable) editor.setEditable(editable, false)
    // What useEditor compares with the editor's options on the next render.
    options.editable = editable
  }, [editor, editable, options])

  useImperativeHandle(
    handleRef,
    () => ({
      getMarkdown: () => editor.getMarkdown(),
      setMarkdown: (md: string) => {
        applyingRemote.current = true
        try {
          const { from, to } = editor.state.selection
          editor.commands.setContent(md, { contentType: 'markdown', emitUpdate: false })
          const size = editor.state.doc.content.size
          editor.commands.setTextSelection({ from: Math.min(from, size), to: Math.min(to, size) })
        } finally {
          applyingRemote.current = false
        }
      },
      focus: () => editor.commands.focus(),
    }),
    [editor],
  )

  return (
    <div className={cn('rich-editor flex min-h-0 flex-col', className)}>
      {editable ? (
        <EditorToolbar
          editor={editor}
          linkOpen={linkOpen}
          onLinkOpenChange={setLinkOpen}
          onPickImage={onUploadImage ? () => fileInput.current?.click() : undefined}
          className="sticky top-0 z-10"
        />
      ) : null}
      <EditorContent editor={editor} className="min-h-0 flex-1" />
      {onUploadImage ? (
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="hidden"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void insertImage(editor, file, onUploadImage, onUploadError)
          }}
        />
      ) : null}
    </div>
  )
}

async function insertImage(editor: Editor, file: File, upload: ImageUpload, onError?: (e: unknown) => void) {
  try {
    const src = await upload(file)
    editor.chain().focus().insertContent({ type: 'image', attrs: { src, alt: file.name.replace(/\.[^.]+$/, '') } }).run()
  } catch (e) {
    onError?.(e)
  }
}

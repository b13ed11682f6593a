import { Extension, type Editor, type JSONContent, type MarkdownToken } from '@tiptap/core'
import Image from '@tiptap/extension-image'
import { TaskItem, TaskList } from '@tiptap/extension-list'
import Mention, { type MentionNodeAttrs } from '@tiptap/extension-mention'
import { Placeholder } from '@tiptap/extensions'
import { Markdown } from '@tiptap/markdown'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import StarterKit from '@tiptap/starter-kit'
import type { SuggestionOptions } from '@tiptap/suggestion'
import { EditingBlock } from './editing-block'

/** A person who can be @mentioned: stored in markdown as @[label](id) (spec 002 §3). */
export type MentionCandidate = { id: string; label: string; email?: string | null }

/** The mention form of spec 002 §3: an at-sign, the name in brackets, the user id in parentheses. */
const MENTION = /^@\[([^\]\n]*)\]\(([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\)/

/**
 * Mentions read and write the spec's @[name](id) in markdown (the server
 * reads the same form to notify the people mentioned), instead of
 * TipTap's own [@ id="…"] shortcode.
 */
const MarkdownMention = Mention.extend({
  markdownTokenizer: {
    name: 'mention',
    level: 'inline',
    start: (src: string) => src.search(/@\[[^\]\n]*\]\([0-9a-fA-F-]{36}\)/),
    tokenize: (src: string) => {
      const m = MENTION.exec(src)
      if (!m) return undefined
      return { type: 'mention', raw: m[0], attributes: { label: m[1] ?? '', id: m[2] ?? '' } }
    },
  },
  parseMarkdown: (token: MarkdownToken, helpers) => {
    const attrs = (token as MarkdownToken & { attributes?: Record<string, string> }).attributes ?? {}
    return helpers.createNode('mention', { id: attrs.id ?? null, label: attrs.label ?? null })
  },
  renderMarkdown: (node: JSONContent) => {
    const label = String(node.attrs?.label ?? '').replace(/[\]\n]/g, '')
    return `@[${label}](${String(node.attrs?.id ?? '')})`
  },
})

/** Whether plain text reads as markdown worth parsing (headings, lists, fences, links, emphasis). */
export function looksLikeMarkdown(text: string): boolean {
  return (
    /^\s{0,3}(#{1,6}\s|[-*+]\s|\d+[.)]\s|>\s|```|~~~|[-*+]\s\[[ xX]\]\s)/m.test(text) ||
    /\[[^\]]+\]\([^)]+\)/.test(text) ||
    /(\*\*|__)[^*_\n]+\1/.test(text) ||
    /`[^`\n]+`/.test(text)
  )
}

/**
 * Pasting markdown (from a text editor, a terminal, a README) inserts it
 * formatted. HTML from a web page is left to the editor's own HTML parsing;
 * HTML that only wraps plain text (a code editor's copy) counts as text.
 */
const MarkdownPaste = Extension.create({
  name: 'markdownPaste',
  addProseMirrorPlugins() {
    const editor = this.editor
    return [
      new Plugin({
        key: new PluginKey('markdownPaste'),
        props: {
          handlePaste: (view, event) => {
            const data = event.clipboardData
            if (!data || view.state.selection.$from.parent.type.spec.code) return false
            const text = data.getData('text/plain')
            const html = data.getData('text/html')
            const htmlHasStructure = /<(h[1-6]|ul|ol|li|p|strong|b|em|i|a|img|blockquote|pre|table)\b/i.test(html)
            if (!text || (html && htmlHasStructure) || !looksLikeMarkdown(text)) return false
            event.preventDefault()
            editor.commands.insertContent(text, { contentType: 'markdown' })
            return true
          },
        },
      }),
    ]
  },
})

export type ImageUpload = (file: File) => Promise<string>

/** Pasted or dropped image files are uploaded and inserted at the cursor (or where they were dropped). */
function imageFilesPlugin(getUpload: () => ImageUpload | undefined, onError: (error: unknown) => void) {
  const insert = async (editor: Editor, files: File[], pos?: number) => {
    const upload = getUpload()
    if (!upload) return
    for (const file of files) {
      try {
        const src = await upload(file)
        const node = { type: 'image', attrs: { src, alt: file.name.replace(/\.[^.]+$/, '') } }
        if (pos === undefined) editor.chain().focus().insertContent(node).run()
        else editor.chain().insertContentAt(pos, node).run()
      } catch (e) {
        onError(e)
      }
    }
  }
  const images = (list: FileList | null | undefined) => [...(list ?? [])].filter((f) => f.type.startsWith('image/'))
  return Extension.create({
    name: 'imageFiles',
    addProseMirrorPlugins() {
      const editor = this.editor
      return [
        new Plugin({
          key: new PluginKey('imageFiles'),
          props: {
            handlePaste: (_view, event) => {
              const files = images(event.clipboardData?.files)
              if (files.length === 0 || !getUpload()) return false
              event.preventDefault()
              void insert(editor, files)
              return true
            },
            handleDrop: (view, event) => {
              const files = images(event.dataTransfer?.files)
              if (files.length === 0 || !getUpload()) return false
              event.preventDefault()
              const at = view.posAtCoords({ left: event.clientX, top: event.clientY })
              void insert(editor, files, at?.pos)
              return true
            },
          },
        }),
      ]
    },
  })
}

export type ExtensionOptions = {
  placeholder: string
  /** People for @mentions; none: no mention picker. */
  mentionSuggestion?: Omit<SuggestionOptions<MentionCandidate, MentionNodeAttrs>, 'editor'>
  getUpload: () => ImageUpload | undefined
  onUploadError: (error: unknown) => void
  /** Mod+K: the link prompt of the toolbar. */
  onLinkShortcut: () => void
}

/**
 * The editor's schema and behaviour: headings 1–3, bold, italic, strike,
 * inline code, bullet, numbered and task lists (nested), quotes, code
 * blocks, links, images and mentions, all read from and written to
 * markdown; markdown shortcuts as one types (# , - , 1. , [ ] , > , ```);
 * pasting web pages (HTML) and markdown.
 */
export function editorExtensions(opts: ExtensionOptions) {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      link: { openOnClick: false, autolink: true, defaultProtocol: 'https', HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null } },
      // Underline has no markdown form; the content is markdown.
      underline: false,
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    Image.configure({ allowBase64: false, HTMLAttributes: { loading: 'lazy' } }),
    Placeholder.configure({ placeholder: opts.placeholder }),
    Markdown.configure({ indentation: { style: 'space', size: 2 } }),
    MarkdownPaste,
    EditingBlock,
    imageFilesPlugin(opts.getUpload, opts.onUploadError),
    Extension.create({
      name: 'linkShortcut',
      addKeyboardShortcuts: () => ({
        'Mod-k': () => {
          opts.onLinkShortcut()
          return true
        },
      }),
    }),
    ...(opts.mentionSuggestion
      ? [
          MarkdownMention.configure({
            HTMLAttributes: { class: 'mention' },
            renderText: ({ node }) => `@${String(node.attrs.label ?? '')}`,
            renderHTML: ({ node, options }) => ['span', options.HTMLAttributes, `@${String(node.attrs.label ?? '')}`],
            suggestion: opts.mentionSuggestion,
          }),
        ]
      : [MarkdownMention.configure({ HTMLAttributes: { class: 'mention' } })]),
  ]
}

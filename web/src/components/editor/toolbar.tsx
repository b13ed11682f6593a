import {
  ArrowClockwise,
  ArrowCounterClockwise,
  Code,
  CodeBlock,
  type Icon,
  Image as ImageIcon,
  Link,
  ListBullets,
  ListChecks,
  ListNumbers,
  Quotes,
  TextB,
  TextHOne,
  TextHThree,
  TextHTwo,
  TextItalic,
  TextStrikethrough,
} from '@phosphor-icons/react'
import type { Editor } from '@tiptap/core'
import { redoDepth, undoDepth } from '@tiptap/pm/history'
import { useEditorState } from '@tiptap/react'
import { Popover, Toolbar as ToolbarPrimitive } from 'radix-ui'
import { type FormEvent, type MouseEvent, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/cn'
import { formatShortcut, isMacPlatform, type KeyCombo } from '@/lib/shortcuts'

type Item = {
  id: string
  label: string
  icon: Icon
  shortcut?: KeyCombo
  active?: (e: Editor) => boolean
  run: (e: Editor) => void
}

/** The formatting commands as data: one list feeds the buttons, their names and their shortcut hints. */
const MARKS: Item[] = [
  { id: 'bold', label: 'Bold', icon: TextB, shortcut: { key: 'b', mod: true }, active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { id: 'italic', label: 'Italic', icon: TextItalic, shortcut: { key: 'i', mod: true }, active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  {
    id: 'strike',
    label: 'Strikethrough',
    icon: TextStrikethrough,
    shortcut: { key: 's', mod: true, shift: true },
    active: (e) => e.isActive('strike'),
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  { id: 'code', label: 'Inline code', icon: Code, shortcut: { key: 'e', mod: true }, active: (e) => e.isActive('code'), run: (e) => e.chain().focus().toggleCode().run() },
]

const BLOCKS: Item[] = [
  {
    id: 'h1',
    label: 'Heading 1',
    icon: TextHOne,
    shortcut: { key: '1', mod: true, alt: true },
    active: (e) => e.isActive('heading', { level: 1 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(),
  },
  {
    id: 'h2',
    label: 'Heading 2',
    icon: TextHTwo,
    shortcut: { key: '2', mod: true, alt: true },
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    id: 'h3',
    label: 'Heading 3',
    icon: TextHThree,
    shortcut: { key: '3', mod: true, alt: true },
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    id: 'bullet',
    label: 'Bullet list',
    icon: ListBullets,
    shortcut: { key: '8', mod: true, shift: true },
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    id: 'ordered',
    label: 'Numbered list',
    icon: ListNumbers,
    shortcut: { key: '7', mod: true, shift: true },
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    id: 'task',
    label: 'Task list',
    icon: ListChecks,
    shortcut: { key: '9', mod: true, shift: true },
    active: (e) => e.isActive('taskList'),
    run: (e) => e.chain().focus().toggleTaskList().run(),
  },
  {
    id: 'quote',
    label: 'Quote',
    icon: Quotes,
    shortcut: { key: 'b', mod: true, shift: true },
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    id: 'codeBlock',
    label: 'Code block',
    icon: CodeBlock,
    shortcut: { key: 'c', mod: true, alt: true },
    active: (e) => e.isActive('codeBlock'),
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
]

const itemClass =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-40 aria-pressed:bg-accent aria-pressed:text-foreground data-[state=on]:bg-accent data-[state=on]:text-foreground'

function title(item: Item, isMac: boolean): string {
  return item.shortcut ? `${item.label} (${formatShortcut(item.shortcut, isMac)})` : item.label
}

type ToolbarProps = {
  editor: Editor
  linkOpen: boolean
  onLinkOpenChange: (open: boolean) => void
  /** Opens the file picker for an image; absent: no image button. */
  onPickImage?: (() => void) | undefined
  className?: string
}

/**
 * Runs a button's command with the text focused at once. TipTap's focus()
 * waits for an animation frame, and a busy machine handles input before
 * frames: keys typed right after a press went to the button and were lost
 * (docs/notes/flake-2026-11-28.md).
 */
function runInText(editor: Editor, run: (e: Editor) => unknown): void {
  editor.view.focus()
  run(editor)
}

/** A pointer press on a button leaves the focus in the text (keys typed next belong there). */
const keepTextFocus = (e: MouseEvent) => e.preventDefault()

/** The formatting toolbar: arrow keys move between its buttons (Radix Toolbar), each names its shortcut. */
export function EditorToolbar({ editor, linkOpen, onLinkOpenChange, onPickImage, className }: ToolbarProps) {
  const isMac = isMacPlatform()
  // Re-renders only when one of these answers changes, not on every keystroke.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      marks: MARKS.filter((m) => m.active?.(e)).map((m) => m.id),
      blocks: BLOCKS.filter((b) => b.active?.(e)).map((b) => b.id),
      link: e.isActive('link'),
      // The history's own depth: e.can() builds every command's props on each transaction.
      canUndo: undoDepth(e.state) > 0,
      canRedo: redoDepth(e.state) > 0,
    }),
  })

  const group = (items: Item[], active: string[], label: string) => (
    <ToolbarPrimitive.ToggleGroup type="multiple" value={active} aria-label={label} className="flex items-center gap-0.5">
      {items.map((item) => (
        <ToolbarPrimitive.ToggleItem
          key={item.id}
          value={item.id}
          aria-label={item.label}
          title={title(item, isMac)}
          className={itemClass}
          onMouseDown={keepTextFocus}
          // The pressed state follows the editor, not the click.
          onClick={(e) => {
            e.preventDefault()
            runInText(editor, item.run)
          }}
        >
          <item.icon size={18} aria-hidden />
        </ToolbarPrimitive.ToggleItem>
      ))}
    </ToolbarPrimitive.ToggleGroup>
  )

  // Opaque, with no backdrop filter: the bar is sticky over the text, and a
  // blur behind it is drawn again on every frame the text under it changes
  // (each key typed in a long note; docs/notes/issue-20i.md).
  return (
    <ToolbarPrimitive.Root
      aria-label="Formatting"
      className={cn('flex flex-wrap items-center gap-1 border-b bg-background px-2 py-1.5', className)}
    >
      {group(MARKS, state.marks, 'Text style')}
      <ToolbarPrimitive.Separator className="mx-1 h-5 w-px bg-border" />
      {group(BLOCKS.slice(0, 3), state.blocks, 'Headings')}
      <ToolbarPrimitive.Separator className="mx-1 h-5 w-px bg-border" />
      {group(BLOCKS.slice(3), state.blocks, 'Blocks')}
      <ToolbarPrimitive.Separator className="mx-1 h-5 w-px bg-border" />
      <LinkButton editor={editor} open={linkOpen} onOpenChange={onLinkOpenChange} active={state.link} isMac={isMac} />
      {onPickImage ? (
        <ToolbarPrimitive.Button aria-label="Image" title="Insert image" className={itemClass} onClick={onPickImage}>
          <ImageIcon size={18} aria-hidden />
        </ToolbarPrimitive.Button>
      ) : null}
      <ToolbarPrimitive.Separator className="mx-1 h-5 w-px bg-border" />
      <ToolbarPrimitive.Button
        aria-label="Undo"
        title={`Undo (${formatShortcut({ key: 'z', mod: true }, isMac)})`}
        className={itemClass}
        disabled={!state.canUndo}
        onMouseDown={keepTextFocus}
        onClick={() => runInText(editor, (e) => e.chain().focus().undo().run())}
      >
        <ArrowCounterClockwise size={18} aria-hidden />
      </ToolbarPrimitive.Button>
      <ToolbarPrimitive.Button
        aria-label="Redo"
        title={`Redo (${formatShortcut({ key: 'z', mod: true, shift: true }, isMac)})`}
        className={itemClass}
        disabled={!state.canRedo}
        onMouseDown={keepTextFocus}
        onClick={() => runInText(editor, (e) => e.chain().focus().redo().run())}
      >
        <ArrowClockwise size={18} aria-hidden />
      </ToolbarPrimitive.Button>
    </ToolbarPrimitive.Root>
  )
}

/** http(s), mailto and site-relative links; a bare host gets https://. */
export function normalizeLink(raw: string): string | null {
  const url = raw.trim()
  if (!url) return null
  if (/^(https?:|mailto:)/i.test(url) || url.startsWith('/')) return url
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null // javascript:, data: and the like
  return `https://${url}`
}

function LinkButton({
  editor,
  open,
  onOpenChange,
  active,
  isMac,
}: {
  editor: Editor
  open: boolean
  onOpenChange: (open: boolean) => void
  active: boolean
  isMac: boolean
}) {
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)

  const change = (next: boolean) => {
    if (next) {
      setUrl(String(editor.getAttributes('link').href ?? ''))
      setError(null)
    }
    onOpenChange(next)
  }
  // Opened by Ctrl+K in the text: start from the current link.
  const [wasOpen, setWasOpen] = useState(open)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) {
      setUrl(String(editor.getAttributes('link').href ?? ''))
      setError(null)
    }
  }

  const apply = (e: FormEvent) => {
    e.preventDefault()
    const href = normalizeLink(url)
    if (!href) {
      if (url.trim()) {
        setError('Use a web address (https://…) or an e-mail link (mailto:…).')
        return
      }
      editor.chain().focus().extendMarkRange('link').unsetLink().run()
    } else if (editor.state.selection.empty && !editor.isActive('link')) {
      editor.chain().focus().insertContent({ type: 'text', text: url.trim(), marks: [{ type: 'link', attrs: { href } }] }).run()
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run()
    }
    onOpenChange(false)
  }

  return (
    <Popover.Root open={open} onOpenChange={change}>
      <Popover.Trigger asChild>
        <ToolbarPrimitive.Button aria-label="Link" aria-pressed={active} title={`Link (${formatShortcut({ key: 'k', mod: true }, isMac)})`} className={itemClass}>
          <Link size={18} aria-hidden />
        </ToolbarPrimitive.Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          onOpenAutoFocus={(e) => {
            e.preventDefault()
            input.current?.focus()
          }}
          className="z-50 w-80 rounded-md border bg-popover p-3 text-popover-foreground shadow-md"
        >
          <form onSubmit={apply} className="grid gap-2" aria-label="Link">
            <label htmlFor="editor-link-url" className="text-sm font-medium">
              Link address
            </label>
            <Input
              id="editor-link-url"
              ref={input}
              value={url}
              placeholder="https://example.com"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'editor-link-error' : undefined}
              onChange={(e) => {
                setUrl(e.target.value)
                setError(null)
              }}
            />
            {error ? (
              <p id="editor-link-error" className="text-xs text-destructive">
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              {active ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    editor.chain().focus().extendMarkRange('link').unsetLink().run()
                    onOpenChange(false)
                  }}
                >
                  Remove link
                </Button>
              ) : null}
              <Button type="submit" size="sm">
                Apply
              </Button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

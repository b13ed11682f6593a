import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { PostgreSQL } from '@codemirror/lang-sql'
import { HighlightStyle, LanguageSupport, bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language'
import { EditorState, StateEffect, StateField } from '@codemirror/state'
import {
  Decoration,
  type DecorationSet,
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view'
import { tags } from '@lezer/highlight'
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react'
import { offsetOfPosition } from '../utils/position'

/** What the console does with the editor besides typing in it. */
export type SqlEditorHandle = {
  /** Marks the error at a 1-based character position (0: the statement's start) and puts the cursor there. */
  markError: (position: number) => void
  clearError: () => void
  /** Replaces the text (a history entry). */
  setText: (text: string) => void
  focus: () => void
}

type SqlEditorProps = {
  value: string
  onChange: (value: string) => void
  /** Ctrl/Cmd+Enter. */
  onRun: () => void
  ref?: Ref<SqlEditorHandle>
}

const setError = StateEffect.define<{ from: number; to: number } | null>()

const errorMark = Decoration.mark({ class: 'cm-sql-error' })
const errorLine = Decoration.line({ class: 'cm-sql-error-line' })

/** The marked error: the word at the position, and its line. Edits clear it. */
const errorField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    for (const e of tr.effects) {
      if (!e.is(setError)) continue
      if (!e.value) return Decoration.none
      const line = tr.state.doc.lineAt(e.value.from)
      const ranges = [errorLine.range(line.from)]
      if (e.value.to > e.value.from) ranges.push(errorMark.range(e.value.from, e.value.to))
      return Decoration.set(ranges, true)
    }
    return tr.docChanged ? Decoration.none : marks
  },
  provide: (f) => EditorView.decorations.from(f),
})

// Colours from the app's theme variables, so light and dark follow the app.
const highlight = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--primary)', fontWeight: '600' },
  { tag: [tags.string, tags.special(tags.string)], color: 'oklch(0.55 0.15 150)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'oklch(0.6 0.16 50)' },
  { tag: [tags.lineComment, tags.blockComment], color: 'var(--muted-foreground)', fontStyle: 'italic' },
  { tag: [tags.typeName, tags.standard(tags.name)], color: 'oklch(0.6 0.14 230)' },
  { tag: tags.operator, color: 'var(--muted-foreground)' },
])

const theme = EditorView.theme({
  '&': { color: 'var(--foreground)', backgroundColor: 'var(--background)', fontSize: '13px', height: '100%' },
  '&.cm-focused': { outline: '2px solid var(--ring)', outlineOffset: '-2px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.55' },
  '.cm-content': { caretColor: 'var(--foreground)', padding: '8px 0' },
  '.cm-gutters': { backgroundColor: 'var(--muted)', color: 'var(--muted-foreground)', border: 'none' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in oklch, var(--accent) 60%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--accent)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': {
    backgroundColor: 'color-mix(in oklch, var(--primary) 25%, transparent) !important',
  },
  '.cm-cursor': { borderLeftColor: 'var(--foreground)' },
  '.cm-sql-error': { textDecoration: 'underline wavy var(--destructive)', textUnderlineOffset: '3px' },
  '.cm-sql-error-line': { backgroundColor: 'color-mix(in oklch, var(--destructive) 12%, transparent)' },
  '.cm-matchingBracket': { backgroundColor: 'color-mix(in oklch, var(--primary) 20%, transparent)' },
})

/** The word (or symbol) starting at offset, for the error mark. */
function wordAt(doc: string, from: number): number {
  const m = /^(?:[\p{L}\p{N}_$."]+|\S)/u.exec(doc.slice(from, from + 200))
  return from + (m ? m[0].length : 0)
}

/**
 * A CodeMirror 6 editor with PostgreSQL highlighting, line numbers, undo
 * history and bracket matching; Ctrl/Cmd+Enter runs. Tab leaves the editor
 * (keyboard users are not trapped); indentation follows Enter.
 */
export function SqlEditor({ value, onChange, onRun, ref }: SqlEditorProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  // The latest callbacks, read by the editor's handlers.
  const latest = useRef({ onChange, onRun })
  latest.current = { onChange, onRun }
  // The editor owns its text after creation; value seeds it once.
  const initial = useRef(value)

  useEffect(() => {
    if (!host.current) return
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initial.current,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          // The language only: lang-sql's sql() adds completion, which pulls in
          // @codemirror/autocomplete for little use here.
          new LanguageSupport(PostgreSQL.language),
          syntaxHighlighting(highlight),
          theme,
          errorField,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': 'SQL', 'aria-multiline': 'true', spellcheck: 'false' }),
          keymap.of([
            {
              key: 'Mod-Enter',
              preventDefault: true,
              run: () => {
                latest.current.onRun()
                return true
              },
            },
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) latest.current.onChange(u.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = v
    return () => {
      v.destroy()
      view.current = null
    }
  }, [])

  useImperativeHandle(
    ref,
    () => ({
      markError(position) {
        const v = view.current
        if (!v) return
        const doc = v.state.doc.toString()
        const from = Math.min(offsetOfPosition(doc, Math.max(position, 1)), doc.length)
        v.dispatch({
          effects: setError.of({ from, to: wordAt(doc, from) }),
          selection: { anchor: from },
          scrollIntoView: true,
        })
      },
      clearError() {
        view.current?.dispatch({ effects: setError.of(null) })
      },
      setText(text) {
        const v = view.current
        if (!v) return
        v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text }, selection: { anchor: text.length } })
      },
      focus() {
        view.current?.focus()
      },
    }),
    [],
  )

  return <div ref={host} className="h-full min-h-0 overflow-hidden" data-testid="sql-editor" />
}

import { act, render } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

/**
 * The system's colour scheme as Chromium reports it to MediaQueryLists: a
 * list remembers its last result; reading `matches` re-evaluates and
 * updates it; the queries are re-evaluated at the next style update after
 * the scheme changed, and a list fires 'change' only if its result differs
 * from what it remembered then. So a read between the change and the style
 * update takes the event away (checked in Chromium 156 with a page that
 * reads a list while its style is dirty: docs/notes/flake-2026-11-27.md).
 */
class System {
  dark = false
  readonly lists: SystemList[] = []
  styleUpdate() {
    for (const list of this.lists) list.evaluate()
  }
}

class SystemList extends EventTarget {
  private remembered: boolean
  constructor(
    private readonly system: System,
    readonly media: string,
  ) {
    super()
    this.remembered = system.dark
  }
  get matches() {
    this.remembered = this.system.dark
    return this.remembered
  }
  evaluate() {
    if (this.remembered === this.system.dark) return
    this.remembered = this.system.dark
    this.dispatchEvent(new Event('change'))
  }
}

let system: System
let hooks: typeof import('./use-apply-theme')

beforeEach(async () => {
  system = new System()
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => {
    const list = new SystemList(system, media)
    system.lists.push(list)
    return list as unknown as MediaQueryList
  })
  // A fresh module graph: lib/use-media-query keeps one list per query.
  vi.resetModules()
  hooks = await import('./use-apply-theme')
})

afterEach(() => {
  document.documentElement.className = ''
})

/** The root's theme and, beside it, the shell's dark sidebar switch (app-layout.tsx). */
function App({ onSidebar }: { onSidebar: (set: (on: boolean) => void) => void }) {
  hooks.useApplyTheme()
  return <Sidebar onSidebar={onSidebar} />
}

function Sidebar({ onSidebar }: { onSidebar: (set: (on: boolean) => void) => void }) {
  const [on, setOn] = useState(false)
  onSidebar(setOn)
  hooks.useDarkSidebar(on)
  return null
}

it('follows the system to dark when another part read the scheme before the style update', async () => {
  let setSidebar: (on: boolean) => void = () => undefined
  render(<App onSidebar={(set) => (setSidebar = set)} />)
  const html = document.documentElement
  expect(html.classList.contains('light')).toBe(true)

  // The system turns dark; before the next style update, the saved dark
  // sidebar preference arrives from the server and re-renders the shell,
  // which reads the scheme.
  system.dark = true
  act(() => setSidebar(true))
  await act(async () => system.styleUpdate())

  expect(html.classList.contains('dark')).toBe(true)
  expect(html.classList.contains('light')).toBe(false)
  expect(html.classList.contains('dark-sidebar')).toBe(false)
})

it('follows the system back and forth by its change events alone', async () => {
  render(<App onSidebar={() => undefined} />)
  const html = document.documentElement
  for (const dark of [true, false, true]) {
    system.dark = dark
    await act(async () => system.styleUpdate())
    expect(html.classList.contains(dark ? 'dark' : 'light')).toBe(true)
    expect(html.classList.contains(dark ? 'light' : 'dark')).toBe(false)
  }
})

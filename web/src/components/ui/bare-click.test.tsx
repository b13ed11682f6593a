import { act, render, screen } from '@testing-library/react'
import { lazy } from 'react'
import { describe, expect, it } from 'vitest'
import { DeferredMenu, type DeferredMenuProps } from './deferred-menu'
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs'

// A click with no pointerdown, mousedown or focus before it is what
// index.html's keeper replays after hydration for a press made on the
// prerendered page (lib/early-clicks.ts): button.click(), as here.

function Menu({ defaultOpen }: DeferredMenuProps) {
  return <p>{defaultOpen ? 'Menu open' : 'Menu closed'}</p>
}
const load = async () => ({ default: Menu })
const LazyMenu = lazy(load)

describe('a bare click', () => {
  it('opens a deferred menu', async () => {
    render(<DeferredMenu menu={LazyMenu} preload={load} trigger={<button type="button">Account menu</button>} />)
    await act(async () => screen.getByRole('button', { name: 'Account menu' }).click())
    expect(await screen.findByText('Menu open')).toBeInTheDocument()
  })

  it.each([
    ['controlled', { value: 'a' }],
    ['uncontrolled', { defaultValue: 'a' }],
  ])('chooses a tab (%s)', async (_, props) => {
    const chosen: string[] = []
    function Both() {
      return (
        <Tabs {...props} onValueChange={(v) => chosen.push(v)}>
          <TabsList>
            <TabsTrigger value="a">A</TabsTrigger>
            <TabsTrigger value="b">B</TabsTrigger>
          </TabsList>
          <TabsContent value="a">Panel A</TabsContent>
          <TabsContent value="b">Panel B</TabsContent>
        </Tabs>
      )
    }
    render(<Both />)
    act(() => screen.getByRole('tab', { name: 'B' }).click())
    expect(chosen).toEqual(['b'])
    // Uncontrolled, B is now the open tab; controlled, A stays (the value did not change).
    const uncontrolled = 'defaultValue' in props
    expect(screen.getByText(uncontrolled ? 'Panel B' : 'Panel A')).toBeVisible()
    // A tab already chosen is not chosen again.
    act(() => screen.getByRole('tab', { name: 'A' }).click())
    act(() => screen.getByRole('tab', { name: 'A' }).click())
    expect(chosen).toEqual(uncontrolled ? ['b', 'a'] : ['b'])
  })
})

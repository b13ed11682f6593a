import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { expect, test, vi } from 'vitest'
import { useHydrating } from './prerender'

function Probe() {
  return <p>{useHydrating() ? 'as prerendered' : 'as the browser has it'}</p>
}

test('useHydrating: the prerendered state on the server and while hydrating, the browser state right after', async () => {
  const html = renderToString(<Probe />)
  expect(html).toBe('<p>as prerendered</p>')

  const container = document.createElement('div')
  container.innerHTML = html
  const prerendered = container.firstChild
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  const errors = vi.spyOn(console, 'error')
  const recoverable = vi.fn()
  await act(async () => {
    hydrateRoot(container, <Probe />, { onRecoverableError: recoverable })
  })
  // Same element taken over (no mismatch, nothing rendered again), then the browser's state.
  expect(container.firstChild).toBe(prerendered)
  expect(container.textContent).toBe('as the browser has it')
  expect(recoverable).not.toHaveBeenCalled()
  expect(errors).not.toHaveBeenCalled()
})

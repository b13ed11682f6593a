/**
 * Multi-selection in a list (001 §2 bulk operations): a click selects one,
 * Ctrl/Cmd-click toggles one, Shift-click selects the range from the anchor
 * (the last plain or toggled row) to the row, in the order shown.
 */
export type SelectionState = { ids: ReadonlySet<string>; anchor: string | null }

export type SelectGesture = 'replace' | 'toggle' | 'range'

export function select(state: SelectionState, id: string, gesture: SelectGesture, order: readonly string[]): SelectionState {
  if (gesture === 'toggle') {
    const ids = new Set(state.ids)
    if (ids.has(id)) ids.delete(id)
    else ids.add(id)
    return { ids, anchor: id }
  }
  if (gesture === 'range' && state.anchor !== null) {
    const from = order.indexOf(state.anchor)
    const to = order.indexOf(id)
    if (from >= 0 && to >= 0) {
      const [lo, hi] = from <= to ? [from, to] : [to, from]
      return { ids: new Set([...state.ids, ...order.slice(lo, hi + 1)]), anchor: state.anchor }
    }
  }
  return { ids: new Set([id]), anchor: id }
}

/** The gesture a pointer event means. */
export function gestureOf(e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): SelectGesture | null {
  if (e.shiftKey) return 'range'
  if (e.ctrlKey || e.metaKey) return 'toggle'
  return null
}

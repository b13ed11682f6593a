import { Component, type ReactNode } from 'react'

type Props = { name: string; children: ReactNode }

/**
 * A part of the screen the rest does without (the offline indicator and
 * queue): when its code cannot load — the connection dropped before the
 * chunk came — it draws nothing instead of taking the whole screen down
 * with the route's error page.
 */
export class OptionalPart extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`${this.props.name} could not load`, error)
  }

  override render() {
    return this.state.failed ? null : this.props.children
  }
}

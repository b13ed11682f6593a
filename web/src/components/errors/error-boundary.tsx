import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorScreen } from './error-screen'

type Props = { children: ReactNode }
type State = { error: unknown; failed: boolean }

/** Catches render failures outside the router (providers, the router itself). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false }

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render failed', error, info.componentStack)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <ErrorScreen
        error={this.state.error}
        onReset={() => this.setState({ error: null, failed: false })}
        onHome={() => window.location.assign('/app')}
      />
    )
  }
}

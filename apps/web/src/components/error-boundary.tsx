import { Component, type ErrorInfo, type ReactNode } from 'react'

type Props = { fallback: (retry: () => void) => ReactNode; children: ReactNode; resetKey?: string }
type State = { error: unknown; resetKey?: string }

/** Catches render errors below it; React offers this only as a class component. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error }
  }

  // Navigating elsewhere clears the crash, so one broken page does not trap the user.
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    // A page crash is reported as fatal.
    console.error('[fatal] page crashed', error, info.componentStack)
  }

  retry = () => this.setState({ error: null })

  render(): ReactNode {
    return this.state.error ? this.props.fallback(this.retry) : this.props.children
  }
}

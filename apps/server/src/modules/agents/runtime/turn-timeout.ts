import { CONVAI_REENGAGE_MESSAGE, CONVAI_REENGAGE_MESSAGES } from '@timbre/contract'
import { pathOf } from '../agent-config.js'

/** The re-engagement line in a language (its base language's, else English). */
export function reengageLine(language: string): string {
  const code = language.toLowerCase()
  return (
    CONVAI_REENGAGE_MESSAGES[code] ??
    CONVAI_REENGAGE_MESSAGES[code.split('-')[0] ?? ''] ??
    CONVAI_REENGAGE_MESSAGE
  )
}

/**
 * The agent's `turn.turn_timeout` in a voice call: once the agent has finished speaking, a
 * caller who stays silent this many seconds is re-engaged (the agent asks whether they are still
 * there), and the count starts again after that. Anything the caller says stops the count; -1
 * (or no number) never re-engages.
 */
export class TurnTimeout {
  private timer: NodeJS.Timeout | undefined
  private stopped = false

  private constructor(
    private readonly seconds: number | null,
    private readonly reengage: () => Promise<void>,
  ) {}

  static of(config: unknown, reengage: () => Promise<void>): TurnTimeout {
    const seconds = pathOf(config, 'turn', 'turn_timeout')
    return new TurnTimeout(typeof seconds === 'number' && seconds > 0 ? seconds : null, reengage)
  }

  /** The agent finished its turn: the caller's silence starts counting. */
  agentDone(): void {
    clearTimeout(this.timer)
    if (this.seconds === null || this.stopped) return
    this.timer = setTimeout(() => {
      void this.reengage()
        .then(() => this.agentDone())
        .catch(() => undefined)
    }, this.seconds * 1000)
  }

  /** The caller spoke (or the agent is answering): no re-engagement until the agent is done. */
  callerActive(): void {
    clearTimeout(this.timer)
  }

  /** The call ended. */
  stop(): void {
    this.stopped = true
    clearTimeout(this.timer)
  }
}

/**
 * A typed topic: the domain that owns an event publishes it, and domains built after it
 * subscribe when they are built. The publisher never names its subscribers, so the dependency
 * points one way only (subscriber to publisher) and the module graph stays acyclic.
 *
 * `publish` runs the listeners one after another and waits for each; a listener's error reaches
 * the publisher, as a direct call would.
 */
export interface Topic<Event> {
  subscribe(listener: (event: Event) => Promise<void> | void): () => void
  publish(event: Event): Promise<void>
  /** Whether anyone listens: a publisher may skip the work of building an unheard event. */
  readonly subscribed: boolean
}

export function createTopic<Event>(): Topic<Event> {
  const listeners: Array<(event: Event) => Promise<void> | void> = []
  return {
    subscribe(listener) {
      listeners.push(listener)
      return () => {
        const at = listeners.indexOf(listener)
        if (at >= 0) listeners.splice(at, 1)
      }
    },
    async publish(event) {
      for (const listener of [...listeners]) await listener(event)
    },
    get subscribed() {
      return listeners.length > 0
    },
  }
}

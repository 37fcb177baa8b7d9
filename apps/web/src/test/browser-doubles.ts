// Browser APIs jsdom does not have, replaced by the smallest stand-ins the components need.
// They stand in for the browser, never for our own code. Call the `installFake…` functions at the top
// of a test file: each installs its stand-in before every test and takes it away after.
import { afterEach, beforeEach } from 'vitest'

/** One IntersectionObserver the page made: what it watches, and a way to scroll it into view. */
export type FakeObserver = {
  options: IntersectionObserverInit | undefined
  observed: Element[]
  disconnected: boolean
  /** Reports every watched element as (not) intersecting, as the browser would after a scroll. */
  intersect(isIntersecting: boolean): void
}

/** A controllable IntersectionObserver; the returned list holds the observers made in this test. */
export function installFakeIntersectionObserver(): FakeObserver[] {
  const made: FakeObserver[] = []
  class Observer {
    private readonly record: FakeObserver
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      const self = this as unknown as IntersectionObserver
      const record: FakeObserver = {
        options,
        observed: [],
        disconnected: false,
        intersect(isIntersecting) {
          if (record.disconnected) return
          callback(
            record.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
            self,
          )
        },
      }
      this.record = record
      made.push(record)
    }
    observe(element: Element) {
      this.record.observed.push(element)
    }
    unobserve(element: Element) {
      this.record.observed = this.record.observed.filter((e) => e !== element)
    }
    disconnect() {
      this.record.disconnected = true
    }
    takeRecords() {
      return []
    }
  }
  const previous = globalThis.IntersectionObserver
  beforeEach(() => {
    made.length = 0
    globalThis.IntersectionObserver = Observer as unknown as typeof IntersectionObserver
  })
  afterEach(() => {
    globalThis.IntersectionObserver = previous
  })
  return made
}

/**
 * jsdom's media elements cannot load or play. These stand-ins keep the state a player reads
 * (`paused`, `currentTime`) and fire the `play` and `pause` events a real element fires.
 * The returned counter says how often play() was called in this test.
 */
export function installFakeMediaPlayback(): { plays: number } {
  const proto = HTMLMediaElement.prototype
  const names = ['play', 'pause', 'load', 'paused', 'currentTime'] as const
  const saved = new Map(names.map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)]))
  const counter = { plays: 0 }
  beforeEach(() => {
    counter.plays = 0
    const paused = new WeakMap<HTMLMediaElement, boolean>()
    const time = new WeakMap<HTMLMediaElement, number>()
    Object.defineProperty(proto, 'paused', {
      configurable: true,
      get(this: HTMLMediaElement) {
        return paused.get(this) ?? true
      },
    })
    Object.defineProperty(proto, 'currentTime', {
      configurable: true,
      get(this: HTMLMediaElement) {
        return time.get(this) ?? 0
      },
      set(this: HTMLMediaElement, seconds: number) {
        time.set(this, seconds)
      },
    })
    Object.defineProperty(proto, 'play', {
      configurable: true,
      value(this: HTMLMediaElement) {
        counter.plays += 1
        paused.set(this, false)
        this.dispatchEvent(new Event('play'))
        return Promise.resolve()
      },
    })
    Object.defineProperty(proto, 'pause', {
      configurable: true,
      value(this: HTMLMediaElement) {
        paused.set(this, true)
        this.dispatchEvent(new Event('pause'))
      },
    })
    Object.defineProperty(proto, 'load', { configurable: true, value() {} })
  })
  afterEach(() => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, name, descriptor)
    }
  })
  return counter
}

import { HISTORY_POLL_FIRST_DELAY_MS, HISTORY_POLL_GAP_MS, HISTORY_POLL_TRIES } from '@timbre/contract'

/** The waits before each lookup: 1 s before the first, then 5 s between tries, 10 tries in all. */
export function historyPollDelays(): number[] {
  return Array.from({ length: HISTORY_POLL_TRIES }, (_, i) =>
    i === 0 ? HISTORY_POLL_FIRST_DELAY_MS : HISTORY_POLL_GAP_MS,
  )
}

type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>

const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })

/**
 * Looks a generated item up in history on the schedule above. A lookup that fails (the item is
 * not written yet, or the network blinked) waits for the next try; after the last try it gives
 * up with null. An abort (a newer item replaced this one) stops it at once.
 */
export async function pollHistoryItem<T>(
  lookup: () => Promise<T>,
  options: { signal?: AbortSignal; sleep?: Sleep } = {},
): Promise<T | null> {
  const sleep = options.sleep ?? defaultSleep
  for (const delay of historyPollDelays()) {
    await sleep(delay, options.signal)
    if (options.signal?.aborted) return null
    try {
      return await lookup()
    } catch {
      // Not there yet: the next try decides.
    }
  }
  return null
}

// Loading a locale's messages within 3 s, else en-US is shown. Pure: the loader and the
// clock are passed in, so the timing is tested with fake timers.
export type LoadResult<T> =
  | { status: 'loaded'; messages: T }
  | { status: 'timeout' }
  | { status: 'error'; error: unknown }

export type LoadOptions<T> = {
  timeoutMs: number
  /** Called when a load that already timed out still arrives, so it can be cached for next time. */
  onLate?: (messages: T) => void
}

export function loadWithTimeout<T>(load: () => Promise<T>, options: LoadOptions<T>): Promise<LoadResult<T>> {
  return new Promise((resolve) => {
    let settled = false
    const timer = setTimeout(() => {
      settled = true
      resolve({ status: 'timeout' })
    }, options.timeoutMs)

    load().then(
      (messages) => {
        if (settled) {
          options.onLate?.(messages)
          return
        }
        settled = true
        clearTimeout(timer)
        resolve({ status: 'loaded', messages })
      },
      (error: unknown) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve({ status: 'error', error })
      },
    )
  })
}

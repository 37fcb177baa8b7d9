/**
 * Events kept in memory and written in batches, so recording one never waits on the database.
 * The buffer is bounded: when the database falls behind by `maxSize` events, new ones are
 * dropped and counted rather than growing the process without limit. A batch that fails to
 * write goes back to the front and is tried again on the next flush.
 */
export interface EventBuffer<T> {
  push(event: T): void
  /** Writes everything held now; concurrent calls share one run. */
  flush(): Promise<void>
  start(): void
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>
  readonly size: number
  readonly dropped: number
}

export function createEventBuffer<T>(options: {
  write(batch: T[]): Promise<void>
  maxSize: number
  batchSize: number
  intervalMs: number
  log?: (message: string, details: object) => void
}): EventBuffer<T> {
  let queue: T[] = []
  let dropped = 0
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, options.batchSize)
      queue = queue.slice(batch.length)
      try {
        await options.write(batch)
      } catch (error) {
        // Kept for the next flush, as far as the bound allows.
        queue = [...batch, ...queue].slice(0, options.maxSize)
        options.log?.('usage events not written; kept for the next flush', { err: error, held: queue.length })
        return
      }
    }
  }

  function flush(): Promise<void> {
    running ??= drain().finally(() => {
      running = null
    })
    return running
  }

  return {
    push(event) {
      if (queue.length >= options.maxSize) {
        dropped += 1
        if (dropped === 1 || dropped % 1000 === 0)
          options.log?.('usage event buffer full; events dropped', { dropped })
        return
      }
      queue.push(event)
      if (queue.length >= options.batchSize && !running) void flush()
    },
    flush,
    start() {
      if (timer) return
      timer = setInterval(() => void flush(), options.intervalMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await flush()
      // A flush that started before the last events arrived leaves them for one more run.
      if (queue.length > 0) await flush()
    },
    get size() {
      return queue.length
    },
    get dropped() {
      return dropped
    },
  }
}

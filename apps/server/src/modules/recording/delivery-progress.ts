// Writes the credits due for delivered audio to the ledger as the audio goes out, at most one
// write per reservation every PROGRESS_INTERVAL_MS (and the first one at once). A process that
// dies is then charged what its last write said: never more than was handed to the client up
// to the chunk in flight, and at most one interval less.

const PROGRESS_INTERVAL_MS = 500

export function createDeliveryProgress(write: (ledgerId: string, characters: number) => Promise<void>) {
  const due = new Map<string, number>()
  const written = new Map<string, number>()
  let lastWrite = 0
  let writing: Promise<void> | null = null
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  const flush = (): void => {
    timer = undefined
    if (stopped || writing) return
    const pending = [...due].filter(([id, n]) => n > (written.get(id) ?? 0))
    if (pending.length === 0) return
    lastWrite = Date.now()
    writing = (async () => {
      for (const [id, n] of pending) {
        await write(id, n).catch(() => undefined)
        written.set(id, n)
      }
    })().finally(() => {
      writing = null
      if ([...due].some(([id, n]) => n > (written.get(id) ?? 0))) schedule()
    })
  }

  const schedule = (): void => {
    if (stopped || timer || writing) return
    const wait = Math.max(0, lastWrite + PROGRESS_INTERVAL_MS - Date.now())
    if (wait === 0) flush()
    else timer = setTimeout(flush, wait)
  }

  return {
    /** The credits now due on a reservation (only ever grows). */
    update(ledgerId: string, characters: number): void {
      if (characters <= (due.get(ledgerId) ?? 0)) return
      due.set(ledgerId, characters)
      schedule()
    },
    /** The settlement takes over: no more writes. */
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(timer)
      await writing
    },
  }
}

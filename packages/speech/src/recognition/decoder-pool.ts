// A bounded pool of decoders opened on first need and kept: a request takes one, waits in line
// when all are busy, and gives it back (or discards it when it broke, which makes room for a new
// one). Closing the pool frees the idle decoders now and each busy one as it comes back. A pool
// that can open decoders off the event loop does so for requests, and can also be warmed: a
// decoder opened (and prepared) ahead of need, so a request finds one ready.

export interface PoolStats {
  /** Decoders open (idle or busy). */
  open: number
  idle: number
  busy: number
  /** Requests waiting for a decoder. */
  waiting: number
  /** Decoders being opened ahead of need. */
  warming: number
}

export class DecoderPool<D> {
  private readonly idle: D[] = []
  private readonly waiting: Array<{ resolve: (d: D) => void; reject: (e: unknown) => void }> = []
  private opened = 0
  private warming = 0
  private closed = false

  constructor(
    private readonly size: number,
    private readonly openOne: () => D,
    private readonly closeOne: (d: D) => void,
    /** Opens a decoder without blocking the event loop (on another thread). */
    private readonly openOffThread?: () => Promise<D>,
  ) {}

  stats(): PoolStats {
    return {
      open: this.opened - this.warming,
      idle: this.idle.length,
      busy: this.opened - this.warming - this.idle.length,
      waiting: this.waiting.length,
      warming: this.warming,
    }
  }

  /**
   * Opens one more decoder ahead of need and prepares it (the pool's place is taken meanwhile);
   * it then goes to the first request in line, or waits idle. False when the pool is full or
   * closed. A decoder whose preparation fails is closed.
   */
  async warm(prepare: (d: D) => Promise<void>): Promise<boolean> {
    if (this.closed || !this.openOffThread || this.opened >= this.size) return false
    this.opened++
    this.warming++
    let decoder: D
    try {
      decoder = await this.openOffThread()
    } catch (error) {
      this.opened--
      this.warming--
      throw error
    }
    try {
      await prepare(decoder)
    } catch {
      this.warming--
      this.drop(decoder)
      return false
    }
    this.warming--
    this.release(decoder)
    return true
  }

  /**
   * A decoder of this pool's, which must be released or discarded exactly once. A request
   * given up (`signal`) while it waits leaves the line.
   */
  async acquire(signal?: AbortSignal): Promise<D> {
    if (this.closed) throw new Error('The recogniser is closed')
    signal?.throwIfAborted()
    const idle = this.idle.pop()
    if (idle) return idle
    // A decoder being warmed is nearly ready: the first request in line takes it.
    const warmFree = this.warming > this.waiting.length
    if (this.opened < this.size && !warmFree)
      return this.openOffThread ? this.openCountedOffThread() : this.openCounted()
    return new Promise<D>((resolve, reject) => {
      const waiter = {
        resolve: (d: D) => {
          signal?.removeEventListener('abort', leave)
          resolve(d)
        },
        reject,
      }
      const leave = () => {
        const at = this.waiting.indexOf(waiter)
        if (at >= 0) this.waiting.splice(at, 1)
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', leave, { once: true })
      this.waiting.push(waiter)
    })
  }

  release(decoder: D): void {
    const next = this.waiting.shift()
    if (next) next.resolve(decoder)
    else if (this.closed) this.drop(decoder)
    else this.idle.push(decoder)
  }

  /** A decoder left in an unknown state: closed, and its place given to the next in line. */
  discard(decoder: D): void {
    this.drop(decoder)
    const next = this.waiting.shift()
    if (!next) return
    try {
      next.resolve(this.openCounted())
    } catch (error) {
      next.reject(error)
    }
  }

  async borrow<T>(work: (d: D) => Promise<T>): Promise<T> {
    const decoder = await this.acquire()
    try {
      return await work(decoder)
    } finally {
      this.release(decoder)
    }
  }

  close(): void {
    this.closed = true
    for (const d of this.idle.splice(0)) this.drop(d)
    for (const w of this.waiting.splice(0)) w.reject(new Error('The recogniser is closed'))
  }

  private openCounted(): D {
    this.opened++
    try {
      return this.openOne()
    } catch (error) {
      this.opened--
      throw error
    }
  }

  private async openCountedOffThread(): Promise<D> {
    this.opened++
    try {
      return await this.openOffThread!()
    } catch (error) {
      this.opened--
      throw error
    }
  }

  private drop(decoder: D): void {
    this.opened--
    this.closeOne(decoder)
  }
}

// A bounded pool of decoders opened on first need and kept: a request takes one, waits in line
// when all are busy, and gives it back (or discards it when it broke, which makes room for a new
// one). Closing the pool frees the idle decoders now and each busy one as it comes back.

export interface PoolStats {
  /** Decoders open (idle or busy). */
  open: number
  idle: number
  busy: number
  /** Requests waiting for a decoder. */
  waiting: number
}

export class DecoderPool<D> {
  private readonly idle: D[] = []
  private readonly waiting: Array<{ resolve: (d: D) => void; reject: (e: unknown) => void }> = []
  private opened = 0
  private closed = false

  constructor(
    private readonly size: number,
    private readonly openOne: () => D,
    private readonly closeOne: (d: D) => void,
  ) {}

  stats(): PoolStats {
    return {
      open: this.opened,
      idle: this.idle.length,
      busy: this.opened - this.idle.length,
      waiting: this.waiting.length,
    }
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
    if (this.opened < this.size) return this.openCounted()
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

  private drop(decoder: D): void {
    this.opened--
    this.closeOne(decoder)
  }
}

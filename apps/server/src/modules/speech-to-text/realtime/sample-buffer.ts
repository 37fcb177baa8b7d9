/** A growable run of samples that can also drop its oldest ones. */
export class SampleBuffer {
  private data = new Float32Array(16_000 * 4)
  private size = 0

  get length(): number {
    return this.size
  }

  append(samples: Float32Array): void {
    if (this.size + samples.length > this.data.length) {
      const grown = new Float32Array(Math.max(this.data.length * 2, this.size + samples.length))
      grown.set(this.data.subarray(0, this.size))
      this.data = grown
    }
    this.data.set(samples, this.size)
    this.size += samples.length
  }

  /** Keeps only the newest `keep` samples; returns how many were dropped. */
  keepLast(keep: number): number {
    const drop = Math.max(0, this.size - keep)
    if (drop === 0) return 0
    this.data.copyWithin(0, drop, this.size)
    this.size -= drop
    return drop
  }

  /** A copy of samples [from, to). */
  copy(from = 0, to = this.size): Float32Array {
    return this.data.slice(Math.max(0, from), Math.min(this.size, to))
  }

  clear(): void {
    this.size = 0
  }
}

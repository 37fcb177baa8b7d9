import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadWithTimeout } from './load-locale'
import { LOCALE_LOAD_TIMEOUT_MS } from './locales'

function delayed<T>(value: T, ms: number): () => Promise<T> {
  return () => new Promise((resolve) => setTimeout(() => resolve(value), ms))
}

describe('loadWithTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('uses the 3 s limit of the spec', () => {
    expect(LOCALE_LOAD_TIMEOUT_MS).toBe(3000)
  })

  it('returns the messages when they arrive in time', async () => {
    const pending = loadWithTimeout(delayed({ a: 'b' }, 2999), { timeoutMs: LOCALE_LOAD_TIMEOUT_MS })
    await vi.advanceTimersByTimeAsync(2999)
    await expect(pending).resolves.toEqual({ status: 'loaded', messages: { a: 'b' } })
  })

  it('times out after 3 s and hands a late arrival to onLate', async () => {
    const onLate = vi.fn()
    const pending = loadWithTimeout(delayed({ a: 'late' }, 5000), {
      timeoutMs: LOCALE_LOAD_TIMEOUT_MS,
      onLate,
    })
    let result: unknown
    void pending.then((r) => {
      result = r
    })
    await vi.advanceTimersByTimeAsync(2999)
    expect(result).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(result).toEqual({ status: 'timeout' })
    expect(onLate).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(2000)
    expect(onLate).toHaveBeenCalledWith({ a: 'late' })
  })

  it('reports a failed load as an error, not a timeout', async () => {
    const failure = new Error('chunk failed')
    const pending = loadWithTimeout(() => Promise.reject(failure), { timeoutMs: LOCALE_LOAD_TIMEOUT_MS })
    await expect(pending).resolves.toEqual({ status: 'error', error: failure })
    expect(vi.getTimerCount()).toBe(0)
  })

  it('clears its timer after a load in time', async () => {
    const pending = loadWithTimeout(delayed('x', 10), { timeoutMs: LOCALE_LOAD_TIMEOUT_MS })
    await vi.advanceTimersByTimeAsync(10)
    await pending
    expect(vi.getTimerCount()).toBe(0)
  })
})

import { describe, expect, it } from 'vitest'
import { readKey, storageKeys, wipeOnSignOut, writeKey } from './storage'

function memoryStore(initial: Record<string, string>) {
  const map = new Map(Object.entries(initial))
  return {
    get length() {
      return map.size
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  }
}

describe('wipeOnSignOut', () => {
  it('removes xi: keys but keeps the locale and foreign keys', () => {
    const store = memoryStore({
      [storageKeys.locale]: 'ja-JP',
      [storageKeys.redirectTarget]: '/app/dubs',
      'xi:run_once:tour': '1',
      'other:thing': 'x',
    })
    const removed = wipeOnSignOut(store)
    expect(removed.sort()).toEqual(['xi:redirect_target', 'xi:run_once:tour'])
    expect([...store.map.keys()].sort()).toEqual(['other:thing', 'xi:locale'])
  })

  it('tolerates a missing store', () => {
    expect(wipeOnSignOut(null)).toEqual([])
    expect(readKey('a', null)).toBeNull()
  })

  it('writes and clears keys', () => {
    const store = memoryStore({})
    writeKey('xi:a', '1', store)
    expect(readKey('xi:a', store)).toBe('1')
    writeKey('xi:a', null, store)
    expect(readKey('xi:a', store)).toBeNull()
  })
})

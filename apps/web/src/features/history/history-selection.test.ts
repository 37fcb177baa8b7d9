import { describe, expect, it } from 'vitest'
import { keepListed, toggleAll, toggleId } from './history-selection'

describe('history selection', () => {
  it('toggles one row', () => {
    expect([...toggleId(new Set(['a']), 'b')]).toEqual(['a', 'b'])
    expect([...toggleId(new Set(['a', 'b']), 'a')]).toEqual(['b'])
  })

  it('selects all loaded rows, or clears when all are selected', () => {
    expect([...toggleAll(new Set(['a']), ['a', 'b'])]).toEqual(['a', 'b'])
    expect([...toggleAll(new Set(['a', 'b']), ['a', 'b'])]).toEqual([])
    expect([...toggleAll(new Set(), [])]).toEqual([])
  })

  it('drops rows no longer listed', () => {
    expect([...keepListed(new Set(['a', 'gone']), ['a', 'b'])]).toEqual(['a'])
  })
})

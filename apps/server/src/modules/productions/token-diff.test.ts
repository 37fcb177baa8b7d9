import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { diffTokens } from './token-diff.js'

// The diff rebuilds both sides (equal and deleted runs give the old list, equal and inserted
// the new) and is shortest on cases small enough to know.

const side = (runs: ReturnType<typeof diffTokens<string>>, keep: 'delete' | 'insert') =>
  runs.filter((r) => r.op === 'equal' || r.op === keep).flatMap((r) => r.items)

describe('diffTokens', () => {
  it('rebuilds both lists', () => {
    const list = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 40 })
    fc.assert(
      fc.property(list, list, (a, b) => {
        const runs = diffTokens(a, b)
        expect(side(runs, 'delete')).toEqual(a)
        expect(side(runs, 'insert')).toEqual(b)
      }),
    )
  })

  it('finds the shortest edit, and bounds a rewrite', () => {
    const runs = diffTokens('the cat sat on the mat'.split(' '), 'the dog sat on a mat'.split(' '))
    expect(runs.map((r) => [r.op, r.items.join(' ')])).toEqual([
      ['equal', 'the'],
      ['delete', 'cat'],
      ['insert', 'dog'],
      ['equal', 'sat on'],
      ['delete', 'the'],
      ['insert', 'a'],
      ['equal', 'mat'],
    ])
    const bounded = diffTokens(['x', 'a', 'b', 'y'], ['x', 'c', 'd', 'y'], undefined, 1)
    expect(bounded.map((r) => [r.op, r.items.join('')])).toEqual([
      ['equal', 'x'],
      ['delete', 'ab'],
      ['insert', 'cd'],
      ['equal', 'y'],
    ])
  })
})

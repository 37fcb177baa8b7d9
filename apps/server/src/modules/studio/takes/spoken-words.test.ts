import { describe, expect, it } from 'vitest'
import { createWordTimer } from './spoken-words.js'

const timed = (text: string, start: number, step: number) => ({
  characters: [...text],
  character_start_times_seconds: [...text].map((_, i) => start + i * step),
  character_end_times_seconds: [...text].map((_, i) => start + (i + 1) * step),
})

describe('spoken words', () => {
  it('times words of every piece at their place in the block and skips pause marks', () => {
    // Two nodes: narration, then a quote read by another voice; a blank node between is not spoken.
    const nodes = ['He said [pause]', '  ', '"don\'t go."']
    const text = nodes.join('')
    const timer = createWordTimer(text, [0, nodes[0]!.length + nodes[1]!.length])
    timer.add(0, timed(nodes[0]!, 0, 0.1))
    timer.add(1, timed(nodes[2]!, 2, 0.1))
    const words = timer.words()
    expect(words.map((w) => text.slice(w.from, w.to))).toEqual(['He', 'said', "don't", 'go'])
    expect(words[0]).toEqual({ from: 0, to: 2, start: 0, end: 0.2 })
    expect(words[2]?.start).toBeCloseTo(2.1)
    expect(words[3]?.end).toBeCloseTo(2.9)
  })

  it('leaves out words the engine gave no timing for', () => {
    const timer = createWordTimer('one two', [0])
    timer.add(0, timed('one', 0, 0.1))
    expect(timer.words().map((w) => w.from)).toEqual([0])
  })
})

import { describe, expect, it } from 'vitest'
import { dragged, placementProblem } from './placement'

const clips = [
  { id: 'a', start: 0.5, end: 2 },
  { id: 'b', start: 3, end: 5 },
]

describe('clip placement', () => {
  it('accepts a clip moved into free time', () => {
    expect(placementProblem({ clips, id: 'a', start: 0.8, end: 2.9, mediaSeconds: 6 })).toBeNull()
  })

  it('refuses an end before the start, a clip past the media, an overlap, and a missing clip', () => {
    expect(placementProblem({ clips, id: 'a', start: 2, end: 1.5, mediaSeconds: 6 })).toBe('endBeforeStart')
    expect(placementProblem({ clips, id: 'a', start: -0.1, end: 1, mediaSeconds: 6 })).toBe('endBeforeStart')
    expect(placementProblem({ clips, id: 'b', start: 4, end: 6.5, mediaSeconds: 6 })).toBe('afterMedia')
    expect(placementProblem({ clips, id: 'a', start: 1, end: 3.2, mediaSeconds: 6 })).toBe('overlap')
    expect(
      placementProblem({
        clips: [...clips, { id: 'c', start: null, end: null }],
        id: 'a',
        start: 0.5,
        end: 2,
        mediaSeconds: 6,
      }),
    ).toBe('clipCount')
  })

  it('moves a whole clip or one edge, to the hundredth of a second', () => {
    expect(dragged('move', { start: 1, end: 2 }, 0.333)).toEqual({ start: 1.33, end: 2.33 })
    expect(dragged('start', { start: 1, end: 2 }, -0.25)).toEqual({ start: 0.75, end: 2 })
    expect(dragged('end', { start: 1, end: 2 }, 1.5)).toEqual({ start: 1, end: 3.5 })
  })
})

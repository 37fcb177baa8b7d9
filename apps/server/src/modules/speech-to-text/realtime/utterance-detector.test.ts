import { describe, expect, it } from 'vitest'
import { UtteranceDetector } from './utterance-detector.js'

// 32 ms windows: speech starts after the minimum speech length above the threshold, survives
// short dips, and ends after the chosen silence, dated where the silence began.

const WINDOW = 0.032

function run(detector: UtteranceDetector, probabilities: number[]) {
  return probabilities.flatMap((p, i) => {
    const event = detector.window(p)
    return event ? [{ ...event, window: i }] : []
  })
}

describe('utterance detector', () => {
  it('starts after the minimum speech, ends after the silence threshold', () => {
    const detector = new UtteranceDetector({ threshold: 0.5, minSpeechSeconds: 0.1, silenceSeconds: 0.5 })
    const events = run(detector, [0, 0, 0.9, 0.9, 0.9, 0.9, 0.1, 0.9, ...Array(20).fill(0.05)])
    expect(events[0]).toMatchObject({ type: 'start', window: 5 })
    expect(events[0]!.at).toBeCloseTo(2 * WINDOW)
    // The dip at window 6 did not end it; the silence from window 8 did, 16 windows (512 ms) on.
    expect(events[1]).toMatchObject({ type: 'end', window: 23 })
    expect(events[1]!.at).toBeCloseTo(8 * WINDOW)
    expect(detector.speaking).toBe(false)
  })

  it('ignores bursts shorter than the minimum speech and keeps speaking between the thresholds', () => {
    const detector = new UtteranceDetector({ threshold: 0.5, minSpeechSeconds: 0.2, silenceSeconds: 0.3 })
    expect(run(detector, [0.9, 0.9, 0.1, 0.9, 0.9, 0.9, 0.1])).toEqual([])
    expect(run(detector, [0.9, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9])).toHaveLength(1)
    // 0.4 is under the threshold but above the lower one: still speech.
    expect(run(detector, Array(30).fill(0.4))).toEqual([])
    expect(detector.speaking).toBe(true)
    detector.restartAt(5)
    expect(detector.utteranceStart).toBe(5)
  })
})

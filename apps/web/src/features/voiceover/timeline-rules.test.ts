import { describe, expect, it } from 'vitest'
import { formatTime, orderedClips, snap, TRACK_TAKES, typingInto } from './timeline-rules'
import type { VoiceoverClip } from './voiceover-api'

const clip = (id: string, track: string, start: number): VoiceoverClip => ({
  clip_id: id,
  track_id: track,
  kind: 'speech',
  start_seconds: start,
  end_seconds: start + 1,
  source_start_seconds: 0,
  text: null,
  voice_id: null,
  has_audio: false,
  audio_duration_seconds: null,
  history_item_id: null,
})

describe('timeline rules', () => {
  it('rounds drops to a tenth of a second and never below zero', () => {
    expect(snap(3.04)).toBe(3)
    expect(snap(3.06)).toBe(3.1)
    expect(snap(-2)).toBe(0)
  })

  it('writes times as minutes and seconds', () => {
    expect(formatTime(0)).toBe('0:00.0')
    expect(formatTime(12)).toBe('0:12.0')
    expect(formatTime(75.25)).toBe('1:15.3')
  })

  it('orders clips by start, then by track', () => {
    const order = orderedClips([clip('c', 'b', 2), clip('a', 'b', 1), clip('b', 'a', 1)], ['a', 'b'])
    expect(order.map((c) => c.clip_id)).toEqual(['b', 'a', 'c'])
  })

  it('matches each track type with the clip kind it takes', () => {
    expect(TRACK_TAKES).toEqual({
      voiceover_speaker: 'speech',
      dubbed_speaker: 'speech',
      sfx: 'sound_effect',
      foreground: 'media',
    })
  })

  it('leaves key presses in text fields alone', () => {
    expect(typingInto({ tagName: 'TEXTAREA' } as unknown as EventTarget)).toBe(true)
    expect(typingInto({ tagName: 'DIV', isContentEditable: false } as unknown as EventTarget)).toBe(false)
    expect(typingInto(null)).toBe(false)
  })
})

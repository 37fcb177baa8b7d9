import { describe, expect, it } from 'vitest'
import { detectEvents } from '../measure/detect-events.js'
import { typeMisses } from '../measure/family-checks.js'
import { renderSoundEffect } from '../synthesize.js'
import { SOUND_FAMILIES } from '../types.js'
import { VOCABULARY } from './index.js'

// Every sound type, rendered alone from a prompt naming it, is heard as one sound that measures
// like its family and its own signature (barks: short voiced bursts with formant peaks; door
// slams: a bright transient and a 100-600 ms decay; rain: steady broadband noise; engines: a low
// periodic hum; clicks: under 30 ms...).

const RATE = 22050

describe('the sound-effect vocabulary', () => {
  it('has at least 60 types in all eight families, each named by its own words', () => {
    expect(VOCABULARY.length).toBeGreaterThanOrEqual(60)
    expect(new Set(VOCABULARY.map((t) => t.id)).size).toBe(VOCABULARY.length)
    for (const family of SOUND_FAMILIES)
      expect(VOCABULARY.filter((t) => t.family === family).length, family).toBeGreaterThanOrEqual(5)
  })

  it.each(SOUND_FAMILIES)('every %s sound is heard once and fits its family and signature', (family) => {
    const failures: string[] = []
    for (const type of VOCABULARY.filter((t) => t.family === family)) {
      const text = `${type.kind === 'event' ? 'one ' : ''}${type.words[0]}`
      const effect = renderSoundEffect(
        { text, durationSeconds: null, promptInfluence: 0.3, loop: false },
        RATE,
      )
      const heard = detectEvents(effect.samples, RATE)
      if (heard.length !== 1) {
        failures.push(`${type.id}: heard ${heard.length} sounds`)
        continue
      }
      const misses = typeMisses(heard[0]!.features, type)
      if (misses.length > 0) failures.push(`${type.id}: ${misses.join('; ')}`)
    }
    expect(failures).toEqual([])
  })

  it('tells a bark from a door slam by features alone, the other way round too', () => {
    const bark = VOCABULARY.find((t) => t.id === 'dog-bark')!
    const slam = VOCABULARY.find((t) => t.id === 'door-slam')!
    const hear = (text: string) =>
      detectEvents(
        renderSoundEffect({ text, durationSeconds: null, promptInfluence: 0.3, loop: false }, RATE).samples,
        RATE,
      )[0]!.features
    expect(typeMisses(hear('a dog barks'), bark)).toEqual([])
    expect(typeMisses(hear('a dog barks'), slam)).not.toEqual([])
    expect(typeMisses(hear('a door slams'), slam)).toEqual([])
    expect(typeMisses(hear('a door slams'), bark)).not.toEqual([])
  })
})

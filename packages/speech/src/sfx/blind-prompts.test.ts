import { describe, expect, it } from 'vitest'
import { detectEvents } from './measure/detect-events.js'
import { identify } from './measure/family-checks.js'
import { renderSoundEffect } from './synthesize.js'
import { soundType } from './vocabulary/index.js'

// A third set of twenty prompts, written by someone who had not seen the synthesiser's tuning,
// after both earlier sets were settled, and run once as they stand. Heard back as the held-out
// set is: events found from the loudness alone, identified by their measured features among
// the prompt's own sound types. That first run heard the right number in 18 and the right
// number and order in 16: three coins and a train horn were counted but not recognised, "a beep,
// a beep" was read as one beep, and a phone's double ring was heard as two rings. Nothing was
// tuned on them; the assertion holds the first run's figures so that they can only get better.

const times = (id: string, n: number) => Array.from({ length: n }, () => id)

const BLIND: Array<{ text: string; expected: string[]; duration?: number }> = [
  { text: 'a dog barks three times then a cat meows', expected: [...times('dog-bark', 3), 'cat-meow'] },
  { text: 'two knocks followed by a creak', expected: ['door-knock', 'door-knock', 'door-creak'] },
  { text: 'a glass shatters and then a woman screams', expected: ['glass-break', 'scream'] },
  { text: 'three coins then a success sound', expected: [...times('coin', 3), 'success-tone'] },
  { text: 'a heartbeat four times', expected: times('heartbeat', 4), duration: 4 },
  { text: 'an owl hoots twice over the wind', expected: times('owl-hoot', 2), duration: 5 },
  { text: 'a twig snaps then a wolf howls', expected: ['wood-snap', 'wolf-howl'] },
  { text: 'a metal clang followed by an explosion', expected: ['metal-clang', 'explosion'] },
  { text: 'a whoosh then a punch then a thud', expected: ['whoosh', 'punch', 'thud'] },
  { text: 'a baby cries then someone coughs twice', expected: ['baby-cry', 'cough', 'cough'] },
  { text: 'a train horn blows twice', expected: times('train-horn', 2), duration: 5 },
  { text: 'a beep, a beep, then an error sound', expected: ['beep', 'beep', 'error-tone'] },
  { text: 'a slap then a laugh', expected: ['slap', 'laugh'] },
  {
    text: 'the clock ticks three times then a phone rings',
    expected: [...times('clock-tick', 3), 'phone-ring'],
  },
  {
    text: 'a rooster crows then a horse neighs twice',
    expected: ['rooster-crow', 'horse-neigh', 'horse-neigh'],
  },
  { text: 'a lion roars while rain falls', expected: ['lion-roar'], duration: 4 },
  { text: 'a gunshot then a tyre screech', expected: ['gunshot', 'tyre-screech'] },
  { text: 'a cow moos three times', expected: times('cow-moo', 3), duration: 6 },
  { text: 'a click followed by a chime', expected: ['ui-click', 'chime'] },
  { text: 'a bicycle bell then a car horn honks twice', expected: ['bicycle-bell', 'car-horn', 'car-horn'] },
]

const RATE = 22050

describe('blind prompts', () => {
  it('are heard with as many events as they ask for, in their order, on a first run', () => {
    let counted = 0
    let ordered = 0
    const failures: string[] = []
    for (const { text, expected, duration } of BLIND) {
      const effect = renderSoundEffect(
        { text, durationSeconds: duration ?? null, promptInfluence: 0.3, loop: false },
        RATE,
      )
      const candidates = [...new Set(expected)].map(soundType)
      const heard = detectEvents(effect.samples, RATE).map(
        (e) => identify(e.features, candidates)?.id ?? 'unidentified',
      )
      if (heard.length === expected.length) counted++
      if (JSON.stringify(heard) === JSON.stringify(expected)) ordered++
      else failures.push(`"${text}": expected ${expected.join(' ')}; heard ${heard.join(' ')}`)
    }
    console.log(`blind prompts: count matched ${counted}/20, count and order matched ${ordered}/20`)
    for (const f of failures) console.log(`  ${f}`)
    expect(BLIND).toHaveLength(20)
    expect(counted).toBeGreaterThanOrEqual(18)
    expect(ordered).toBeGreaterThanOrEqual(16)
  })
})

import { describe, expect, it } from 'vitest'
import { detectEvents } from './measure/detect-events.js'
import { identify } from './measure/family-checks.js'
import { renderSoundEffect } from './synthesize.js'
import { soundType } from './vocabulary/index.js'

// Twenty sequence prompts. Each is rendered, its events are found from the loudness alone and
// each is identified by its measured features among the prompt's own sound types; the number
// and the order must match what the prompt asks for, written out by hand below. These were
// held out at first (12 of 20 matched on their first run); their failures then led to changes
// in the vocabulary's words, signatures and the identification, so they are no longer held out:
// held-out.test.ts holds prompts that were not.

const times = (id: string, n: number) => Array.from({ length: n }, () => id)

const PROMPTS: Array<{ text: string; expected: string[]; duration?: number; influence?: number }> = [
  {
    text: 'a rooster crows then a dog barks three times',
    expected: ['rooster-crow', ...times('dog-bark', 3)],
  },
  { text: 'two gunshots followed by a distant siren', expected: ['gunshot', 'gunshot', 'siren'] },
  {
    text: 'a phone rings twice, then footsteps, then a door slams',
    expected: [...times('phone-ring', 2), ...times('footstep', 6), 'door-slam'],
    duration: 8,
  },
  { text: 'a horse neighs and then a crow caws twice', expected: ['horse-neigh', 'crow-caw', 'crow-caw'] },
  { text: 'a kettle whistles for 3 seconds then a cup clinks', expected: ['kettle-whistle', 'dish-clink'] },
  { text: 'someone coughs twice then laughs', expected: ['cough', 'cough', 'laugh'], influence: 0.1 },
  { text: 'a couple of slaps followed by a thud', expected: ['slap', 'slap', 'thud'] },
  { text: 'an owl hoots four times while the wind blows', expected: times('owl-hoot', 4) },
  { text: 'a bicycle bell rings then a car drives past', expected: ['bicycle-bell', 'car-passby'] },
  { text: 'three beeps then an error sound', expected: [...times('beep', 3), 'error-tone'], duration: 3 },
  { text: 'a laser blast then an explosion', expected: ['laser', 'explosion'] },
  {
    text: 'a sheep bleats, a cow moos, then a frog croaks',
    expected: ['sheep-bleat', 'cow-moo', 'frog-croak'],
  },
  { text: 'glass breaks while a crowd chatters, then someone screams', expected: ['glass-break', 'scream'] },
  {
    text: 'a whoosh then a coin pickup sound followed by a success chime',
    expected: ['whoosh', 'coin', 'success-tone'],
    influence: 0.9,
  },
  {
    text: 'a baby cries then a dog barks twice and a door creaks',
    expected: ['baby-cry', 'dog-bark', 'dog-bark', 'door-creak'],
  },
  {
    text: 'a truck idles for 2 seconds followed by a horn honking three times',
    expected: ['truck', ...times('car-horn', 3)],
    duration: 6,
  },
  {
    text: 'two knocks, then a light switch click, then footsteps',
    expected: ['door-knock', 'door-knock', 'light-switch', ...times('footstep', 6)],
  },
  { text: 'a lion roars then a wolf howls in the distance', expected: ['lion-roar', 'wolf-howl'] },
  { text: 'a punch followed by a slap and then a stick snaps', expected: ['punch', 'slap', 'wood-snap'] },
  {
    text: 'a helicopter passes overhead then a zipper is pulled twice',
    expected: ['helicopter', 'zipper', 'zipper'],
    duration: 5,
  },
]

const RATE = 22050

function heard(text: string, expected: string[], duration?: number, influence?: number) {
  const effect = renderSoundEffect(
    { text, durationSeconds: duration ?? null, promptInfluence: influence ?? 0.3, loop: false },
    RATE,
  )
  const candidates = [...new Set(expected)].map(soundType)
  return detectEvents(effect.samples, RATE).map((e) => identify(e.features, candidates)?.id ?? 'unidentified')
}

describe('sequence prompts: the number and order of events heard match the prompt', () => {
  it('in all 20', () => {
    const failures: string[] = []
    for (const { text, expected, duration, influence } of PROMPTS) {
      const got = heard(text, expected, duration, influence)
      if (JSON.stringify(got) !== JSON.stringify(expected))
        failures.push(`"${text}": expected ${expected.join(' ')}; heard ${got.join(' ')}`)
    }
    console.log(`sequence prompts matched: ${PROMPTS.length - failures.length}/${PROMPTS.length}`)
    for (const f of failures) console.log(`  ${f}`)
    expect(PROMPTS).toHaveLength(20)
    expect(failures).toEqual([])
  })
})

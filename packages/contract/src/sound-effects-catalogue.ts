// The curated examples of the sound effects explore pages: prompts by category, each with a
// slug for its public page (/sound-effects/{slug}). A category's slug opens its page too.

export interface SoundEffectExample {
  slug: string
  text: string
  durationSeconds: number
  loop: boolean
}

export interface SoundEffectCategory {
  slug: string
  examples: readonly SoundEffectExample[]
}

export const SOUND_EFFECT_CATEGORIES: readonly SoundEffectCategory[] = [
  {
    slug: 'nature',
    examples: [
      { slug: 'gentle-rain-on-a-roof', text: 'Gentle rain on a roof', durationSeconds: 6, loop: true },
      {
        slug: 'distant-thunder-rolling',
        text: 'Distant thunder rolling over the hills',
        durationSeconds: 6,
        loop: false,
      },
      { slug: 'birds-at-dawn', text: 'Birds singing at dawn in a forest', durationSeconds: 6, loop: true },
    ],
  },
  {
    slug: 'city',
    examples: [
      {
        slug: 'car-engine-starting',
        text: 'A car engine starting and idling',
        durationSeconds: 5,
        loop: false,
      },
      {
        slug: 'busy-crowd-chatter',
        text: 'A busy crowd chattering in a hall',
        durationSeconds: 6,
        loop: true,
      },
      { slug: 'footsteps-on-gravel', text: 'Footsteps walking on gravel', durationSeconds: 4, loop: false },
    ],
  },
  {
    slug: 'interface',
    examples: [
      { slug: 'soft-ui-click', text: 'A soft user interface click', durationSeconds: 1, loop: false },
      { slug: 'notification-beeps', text: 'Two short notification beeps', durationSeconds: 1.5, loop: false },
      { slug: 'sci-fi-power-up', text: 'A sci-fi power up', durationSeconds: 2.5, loop: false },
    ],
  },
  {
    slug: 'impacts',
    examples: [
      { slug: 'heavy-impact', text: 'A heavy impact hit', durationSeconds: 2, loop: false },
      { slug: 'big-explosion', text: 'A big explosion with debris', durationSeconds: 4, loop: false },
      { slug: 'glass-shattering', text: 'Glass shattering on the floor', durationSeconds: 2, loop: false },
    ],
  },
  {
    slug: 'home',
    examples: [
      {
        slug: 'wooden-door-creak',
        text: 'A wooden door creaking open and closing',
        durationSeconds: 3,
        loop: false,
      },
      { slug: 'ticking-clock', text: 'A ticking clock', durationSeconds: 4, loop: true },
      { slug: 'heartbeat', text: 'A slow heartbeat', durationSeconds: 4, loop: true },
    ],
  },
  {
    slug: 'ambience',
    examples: [
      { slug: 'crackling-campfire', text: 'A crackling campfire at night', durationSeconds: 6, loop: true },
      { slug: 'howling-wind', text: 'Howling wind in a storm', durationSeconds: 6, loop: true },
      { slug: 'flowing-stream', text: 'Water flowing in a stream', durationSeconds: 6, loop: true },
    ],
  },
]

/** A category or an example by its slug. */
export function findSoundEffectSlug(
  slug: string,
): { category: SoundEffectCategory; example: SoundEffectExample | null } | null {
  for (const category of SOUND_EFFECT_CATEGORIES) {
    if (category.slug === slug) return { category, example: null }
    const example = category.examples.find((e) => e.slug === slug)
    if (example) return { category, example }
  }
  return null
}

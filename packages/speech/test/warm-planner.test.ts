import { describe, expect, it } from 'vitest'
import { warmPlanner } from '../src/service/warm-planner.js'
import { PREMADE_VOICES } from '../src/voices/premade-voices.js'

describe('warmPlanner', () => {
  it('plans a sample in every language a premade voice speaks, one language per turn', async () => {
    const languages = new Set(PREMADE_VOICES.map((v) => v.language))
    let turns = 0
    const counting = setInterval(() => turns++, 0)
    const planned = await warmPlanner().done
    clearInterval(counting)
    expect(planned).toBe(languages.size)
    // Other work ran between the languages: the warm-up never holds the thread for all of them.
    expect(turns).toBeGreaterThan(0)
  })
})

import type { CompositionPlan } from '@timbre/contract'
import { describe, expect, it } from 'vitest'
import {
  addSection,
  blockerOf,
  costOf,
  parseStyles,
  planLengthMs,
  removeSection,
  updateSection,
} from './music-rules'

const plan: CompositionPlan = {
  positive_global_styles: ['pop'],
  negative_global_styles: [],
  sections: [
    {
      section_name: 'Intro',
      positive_local_styles: [],
      negative_local_styles: [],
      duration_ms: 4000,
      lines: [],
    },
    {
      section_name: 'Chorus',
      positive_local_styles: [],
      negative_local_styles: [],
      duration_ms: 26_000,
      lines: [],
    },
  ],
}

describe('music rules', () => {
  it('prices a song per minute, by its plan when there is one', () => {
    expect(costOf({ plan: null, seconds: 60 })).toBe(1000)
    expect(costOf({ plan: null, seconds: 30 })).toBe(500)
    expect(costOf({ plan, seconds: 999 })).toBe(500)
  })

  it('blocks what the server would refuse', () => {
    expect(blockerOf({ prompt: ' ', seconds: 30, plan: null })).toBe('prompt')
    expect(blockerOf({ prompt: 'pop', seconds: 2, plan: null })).toBe('length')
    expect(blockerOf({ prompt: 'pop', seconds: 30, plan: null })).toBeNull()
    expect(blockerOf({ prompt: '', seconds: 30, plan })).toBeNull()
    expect(blockerOf({ prompt: '', seconds: 30, plan: updateSection(plan, 0, { duration_ms: 900 }) })).toBe(
      'sectionShort',
    )
    expect(blockerOf({ prompt: '', seconds: 30, plan: removeSection(removeSection(plan, 0), 0) })).toBe(
      'noSections',
    )
  })

  it('edits sections', () => {
    expect(planLengthMs(addSection(plan, 'Bridge'))).toBe(38_000)
    expect(removeSection(plan, 0).sections.map((s) => s.section_name)).toEqual(['Chorus'])
    expect(parseStyles(' jazz, , sax ,')).toEqual(['jazz', 'sax'])
  })
})

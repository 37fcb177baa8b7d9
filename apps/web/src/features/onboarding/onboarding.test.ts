import { ONBOARDING_CHECKLIST_ITEMS, ONBOARDING_STEP_DONE_MESSAGE } from '@timbre/contract'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import enUS from '../../i18n/locales/en-US.json'
import { routes } from '../../routes'
import { renderHtml, textOf } from '../../test/render'
import { CHECKLIST_STEPS, checklistProgress, checklistVisible, stepsToAnnounce } from './checklist-items'
import { ChecklistPanelView } from './checklist-panel'
import type { Checklist, ChecklistItemId } from './onboarding-api'
import { initialSurveyValues, surveyBody, timeZoneChoices } from './survey-form'

function checklist(done: ChecklistItemId[], extra: Partial<Checklist> = {}): Checklist {
  return {
    checklist_id: 'c1',
    is_initiated: true,
    hidden: false,
    is_completed: false,
    items: ONBOARDING_CHECKLIST_ITEMS.map((id) => ({
      onboarding_checklist_item_id: id,
      is_completed: done.includes(id),
      completed_at_unix: done.includes(id) ? 1 : null,
      verified_by_server: id !== 'create_dub' && id !== 'join_affiliate',
    })),
    newly_completed: [],
    ...extra,
  }
}

describe('checklist rules', () => {
  it('counts progress and hides a hidden or completed checklist', () => {
    expect(checklistProgress(checklist(['design_voice', 'create_dub']))).toEqual({ done: 2, total: 7 })
    expect(checklistVisible(checklist([]))).toBe(true)
    expect(checklistVisible(checklist([], { hidden: true }))).toBe(false)
    expect(checklistVisible(checklist([], { is_completed: true }))).toBe(false)
    expect(checklistVisible(undefined)).toBe(false)
  })

  it('congratulates once per step: newly reported by the server or turned complete since the last answer', () => {
    const before = checklist([])
    const afterTts = checklist(['generate_text_to_speech'])
    expect(stepsToAnnounce(before, afterTts, new Set())).toEqual(['generate_text_to_speech'])
    // Already congratulated: silent.
    expect(stepsToAnnounce(before, afterTts, new Set(['generate_text_to_speech']))).toEqual([])
    // First answer of the page: only what the server calls new, not every old completion.
    expect(stepsToAnnounce(undefined, afterTts, new Set())).toEqual([])
    const reported = checklist(['generate_api_key'], { newly_completed: ['generate_api_key'] })
    expect(stepsToAnnounce(undefined, reported, new Set())).toEqual(['generate_api_key'])
    // The same state again announces nothing.
    expect(stepsToAnnounce(afterTts, afterTts, new Set())).toEqual([])
  })

  it('the toast text is the product message, in en-US too', () => {
    expect(enUS.onboarding.stepDone).toBe(ONBOARDING_STEP_DONE_MESSAGE)
    expect(ONBOARDING_STEP_DONE_MESSAGE).toBe(
      'Congratulations on completing a step in your onboarding checklist.',
    )
  })

  it('links only to pages that exist', () => {
    expect(Object.keys(CHECKLIST_STEPS)).toEqual([...ONBOARDING_CHECKLIST_ITEMS])
    const pages = new Set<string>(Object.values(routes))
    for (const step of Object.values(CHECKLIST_STEPS)) if (step.to) expect(pages.has(step.to)).toBe(true)
  })
})

describe('checklist panel', () => {
  it('shows the seven items, ticks the done ones and offers Start or Coming later', () => {
    const html = renderHtml(
      createElement(ChecklistPanelView, {
        checklist: checklist(['generate_text_to_speech']),
        onHide: () => {},
        onComplete: () => {},
      }),
    )
    const text = textOf(html)
    expect(text).toContain('Get started with Timbre')
    expect(text).toContain('1 of 7 done')
    for (const id of ONBOARDING_CHECKLIST_ITEMS) expect(text).toContain(enUS.onboarding.items[id].title)
    expect(html.match(/data-completed="true"/g)).toHaveLength(1)
    expect(text).toContain('Generate speech from text — done')
    expect(text).toContain('Create an API key — not done yet')
    // Speech to speech, adding and designing a voice and API keys have pages; dubbing and the
    // affiliate programme do not yet.
    for (const to of [routes.apiKeys, routes.voiceChanger, routes.voices, routes.voiceDesign])
      expect(html).toContain(`href="${to}"`)
    expect(html).not.toContain(`href="${routes.speechSynthesis}"`)
    // Each unavailable step says so once for every width (one badge is shown per layout).
    expect(html.match(/Coming later/g)).toHaveLength(4)
    expect(html).toContain('aria-valuenow="1"')
  })

  it('with every step done it says so and makes Mark complete the main button', () => {
    const html = renderHtml(
      createElement(ChecklistPanelView, {
        checklist: checklist([...ONBOARDING_CHECKLIST_ITEMS]),
        onHide: () => {},
        onComplete: () => {},
      }),
    )
    expect(textOf(html)).toContain(enUS.onboarding.checklist.allDone)
    expect(html).not.toContain('Coming later')
    expect(html).toMatch(/bg-neutral-900[^"]*"[^>]*>Mark complete/)
  })
})

describe('survey', () => {
  it('sends trimmed answers and leaves empty ones out', () => {
    expect(
      surveyBody({
        firstName: '  Ada ',
        role: 'developer',
        subrole: ' ',
        timezone: 'Europe/Paris',
        source: '',
      }),
    ).toEqual({ first_name: 'Ada', role: 'developer', timezone: 'Europe/Paris' })
    expect(surveyBody({ firstName: '', role: '', subrole: '', timezone: '', source: '' })).toEqual({})
  })

  it('starts from earlier answers, else from the account name and the browser zone', () => {
    expect(initialSurveyValues(null, 'Ada', 'Europe/Paris')).toEqual({
      firstName: 'Ada',
      role: '',
      subrole: '',
      timezone: 'Europe/Paris',
      source: '',
    })
    const stored = {
      first_name: 'Grace',
      role: 'developer',
      subrole: null,
      timezone: 'Asia/Tokyo',
      source: 'gone',
    }
    expect(initialSurveyValues(stored, 'Ada', 'Europe/Paris')).toEqual({
      firstName: 'Grace',
      role: 'developer',
      subrole: '',
      timezone: 'Asia/Tokyo',
      source: '',
    })
  })

  it('offers the known time zones, with the detected one kept when the list lacks it', () => {
    const zones = timeZoneChoices('Europe/Stockholm')
    expect(zones).toContain('Europe/Stockholm')
    expect(timeZoneChoices('Mars/Base')[0]).toBe('Mars/Base')
  })
})

import { VOICE_TEXT_LIMITS } from '@timbre/contract'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Voice } from '../../lib/api-types'
import { languagePreviews } from './play-preview'
import { editFromForm, formFromVoice, validateEdit } from './voice-edit-form'
import {
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  isFiltered,
  nextPageToken,
  voiceListQuery,
} from './voice-filters'
import { isOwnVoice, orderedLabels, voiceLanguages } from './voice-labels'
import { createSafetyWatcher } from './voice-safety'

// The API client resolves relative URLs against the page; Node has none, so Request gets one.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://timbre.test') : input, init)
  }
}

function voice(overrides: Partial<Voice> = {}): Voice {
  return {
    voice_id: 'v1',
    name: 'Emma',
    category: 'premade',
    description: 'A warm voice',
    labels: { gender: 'female', accent: 'american', use_case: 'narration' },
    language: 'en',
    preview_url: 'http://x/v1/voices/v1/preview',
    samples: null,
    settings: null,
    fine_tuning: {
      is_allowed_to_fine_tune: false,
      state: {},
      verification_failures: [],
      verification_attempts_count: 0,
      manual_verification_requested: false,
      language: null,
      progress: {},
      message: {},
      dataset_duration_seconds: null,
    },
    available_for_tiers: [],
    high_quality_base_model_ids: [],
    verified_languages: [],
    collection_ids: [],
    safety_control: null,
    sharing: null,
    voice_verification: {
      requires_verification: false,
      is_verified: false,
      verification_failures: [],
      verification_attempts_count: 0,
    },
    permission_on_resource: null,
    is_owner: false,
    is_legacy: false,
    is_mixed: false,
    created_at_unix: 1_700_000_000,
    ...overrides,
  } as Voice
}

describe('voice library filters', () => {
  it('the plain page asks for the first page by name, 20 voices', () => {
    expect(voiceListQuery(DEFAULT_FILTERS, null)).toEqual({
      page_size: 20,
      sort: 'name',
      sort_direction: 'asc',
    })
  })

  it('each filter becomes its query parameter; a next page carries the token and the same filters', () => {
    const filters = { search: '  warm ', category: 'cloned', owner: 'personal', sort: 'newest' } as const
    expect(voiceListQuery(filters, 'tok-2')).toEqual({
      page_size: 20,
      search: 'warm',
      category: 'cloned',
      voice_type: 'personal',
      sort: 'created_at_unix',
      sort_direction: 'desc',
      next_page_token: 'tok-2',
    })
    expect(voiceListQuery({ ...DEFAULT_FILTERS, sort: 'nameDesc' }, null, 30)).toMatchObject({
      page_size: 30,
      sort: 'name',
      sort_direction: 'desc',
    })
  })

  it('a blank search sends no search at all', () => {
    expect(voiceListQuery({ ...DEFAULT_FILTERS, search: '   ' }, null)).not.toHaveProperty('search')
  })

  it('the address keeps the filters and round-trips them; defaults stay out of it', () => {
    const filters = { search: 'calm', category: 'generated', owner: 'workspace', sort: 'oldest' } as const
    const params = filtersToParams(filters)
    expect(params.toString()).toBe('q=calm&category=generated&type=workspace&sort=oldest')
    expect(filtersFromParams(params)).toEqual(filters)
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('')
  })

  it('unknown values in the address fall back to the defaults instead of failing', () => {
    const parsed = filtersFromParams(
      new URLSearchParams({ q: 'x'.repeat(500), category: 'famous-ish', type: 'nobody', sort: 'random' }),
    )
    expect(parsed).toEqual({ search: 'x'.repeat(200), category: '', owner: '', sort: 'nameAsc' })
    expect(isFiltered(parsed)).toBe(true)
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false)
  })

  it('the next page token is used only while the listing says there is more', () => {
    expect(nextPageToken({ has_more: true, next_page_token: 'abc' })).toBe('abc')
    expect(nextPageToken({ has_more: false, next_page_token: 'abc' })).toBeNull()
    expect(nextPageToken({ has_more: true, next_page_token: null })).toBeNull()
  })
})

describe('infinite scroll paging against GET /v2/voices', () => {
  let loadPage: typeof import('./voices-queries').loadPage
  beforeAll(async () => {
    vi.stubGlobal('Request', PageRequest)
    loadPage = (await import('./voices-queries')).loadPage
  })
  afterEach(() => vi.unstubAllGlobals())

  it('walks the pages with each page token until has_more is false, never repeating a voice', async () => {
    vi.stubGlobal('Request', PageRequest)
    const all = Array.from({ length: 45 }, (_, i) => voice({ voice_id: `v${i}`, name: `Voice ${i}` }))
    const requests: URL[] = []
    vi.stubGlobal('fetch', async (request: Request) => {
      const url = new URL(request.url)
      requests.push(url)
      const size = Number(url.searchParams.get('page_size'))
      const start = Number(url.searchParams.get('next_page_token') ?? 0)
      const page = all.slice(start, start + size)
      const more = start + size < all.length
      return new Response(
        JSON.stringify({
          voices: page,
          has_more: more,
          next_page_token: more ? String(start + size) : null,
          total_count: all.length,
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      )
    })
    const filters = { ...DEFAULT_FILTERS, category: 'premade' as const }
    const seen: string[] = []
    let token: string | null = null
    let pages = 0
    do {
      const page = await loadPage(filters, token)
      seen.push(...page.voices.map((v) => v.voice_id))
      token = nextPageToken(page)
      pages += 1
    } while (token)
    expect(pages).toBe(3)
    expect(seen).toEqual(all.map((v) => v.voice_id))
    expect(requests.map((u) => u.pathname)).toEqual(['/v2/voices', '/v2/voices', '/v2/voices'])
    expect(requests.map((u) => u.searchParams.get('next_page_token'))).toEqual([null, '20', '40'])
    // The filters and sort ride along on every page (tokens are valid only for the same sort).
    for (const url of requests) {
      expect(url.searchParams.get('category')).toBe('premade')
      expect(url.searchParams.get('sort')).toBe('name')
    }
  })
})

describe('voice edit validation', () => {
  it('starts from the voice as it is and sends it back unchanged', () => {
    const form = formFromVoice(voice({ labels: { accent: 'british' }, description: null }))
    expect(form).toEqual({ name: 'Emma', description: '', labels: [{ key: 'accent', value: 'british' }] })
    expect(validateEdit(form)).toEqual([])
    expect(editFromForm(form)).toEqual({ name: 'Emma', description: null, labels: { accent: 'british' } })
  })

  it('a name is required and has a maximum length', () => {
    expect(validateEdit({ name: '   ', description: '', labels: [] })).toEqual([
      { field: 'name', problem: 'required' },
    ])
    const long = 'n'.repeat(VOICE_TEXT_LIMITS.nameMax + 1)
    expect(validateEdit({ name: long, description: '', labels: [] })).toEqual([
      { field: 'name', problem: 'tooLong' },
    ])
    expect(
      validateEdit({ name: 'n'.repeat(VOICE_TEXT_LIMITS.nameMax), description: '', labels: [] }),
    ).toEqual([])
  })

  it('the description has a maximum length', () => {
    const description = 'd'.repeat(VOICE_TEXT_LIMITS.descriptionMax + 1)
    expect(validateEdit({ name: 'A', description, labels: [] })).toEqual([
      { field: 'description', problem: 'tooLong' },
    ])
  })

  it('labels need a name, unique names and short values; empty rows are ignored', () => {
    const errors = validateEdit({
      name: 'A',
      description: '',
      labels: [
        { key: 'accent', value: 'british' },
        { key: '', value: 'orphan' },
        { key: 'Accent', value: 'irish' },
        { key: 'mood', value: 'v'.repeat(VOICE_TEXT_LIMITS.labelValueMax + 1) },
        { key: '  ', value: '  ' },
        { key: 'k'.repeat(VOICE_TEXT_LIMITS.labelKeyMax + 1), value: 'x' },
      ],
    })
    expect(errors).toEqual([
      { field: 'label', row: 1, problem: 'keyRequired' },
      { field: 'label', row: 2, problem: 'duplicate' },
      { field: 'label', row: 3, problem: 'valueTooLong' },
      { field: 'label', row: 5, problem: 'keyTooLong' },
    ])
  })

  it('at most 20 labels, counting only filled rows', () => {
    const labels = Array.from({ length: VOICE_TEXT_LIMITS.labelsMax + 1 }, (_, i) => ({
      key: `k${i}`,
      value: 'v',
    }))
    expect(validateEdit({ name: 'A', description: '', labels })).toEqual([
      { field: 'labels', problem: 'tooMany' },
    ])
    expect(
      validateEdit({ name: 'A', description: '', labels: [...labels.slice(1), { key: '', value: '' }] }),
    ).toEqual([])
  })

  it('sends trimmed text, labels as one object and drops empty rows', () => {
    expect(
      editFromForm({
        name: '  Narrator ',
        description: '  Deep and calm ',
        labels: [
          { key: ' accent ', value: ' british ' },
          { key: '', value: '' },
        ],
      }),
    ).toEqual({ name: 'Narrator', description: 'Deep and calm', labels: { accent: 'british' } })
  })
})

describe('voice safety dialogs', () => {
  it('the first load never opens a dialog, even for a banned voice', () => {
    const watcher = createSafetyWatcher()
    expect(watcher.fresh).toBe(true)
    expect(watcher.observe([voice({ voice_id: 'b', safety_control: 'BAN' })])).toEqual([])
    expect(watcher.fresh).toBe(false)
  })

  it('a newly seen voice under BAN or CAPTCHA opens its dialog once', () => {
    const watcher = createSafetyWatcher()
    watcher.observe([voice({ voice_id: 'a' })])
    const later = [
      voice({ voice_id: 'a' }),
      voice({ voice_id: 'b', name: 'Banned', safety_control: 'BAN' }),
      voice({ voice_id: 'c', name: 'Guarded', safety_control: 'CAPTCHA' }),
      voice({ voice_id: 'd', safety_control: null }),
    ]
    expect(watcher.observe(later)).toEqual([
      { kind: 'blocked', voiceId: 'b', name: 'Banned' },
      { kind: 'captcha', voiceId: 'c', name: 'Guarded' },
    ])
    expect(watcher.observe(later)).toEqual([])
  })

  it('a voice seen on the first load stays quiet when it shows up again', () => {
    const watcher = createSafetyWatcher()
    watcher.observe([voice({ voice_id: 'b', safety_control: 'BAN' })])
    expect(watcher.observe([voice({ voice_id: 'b', safety_control: 'BAN' })])).toEqual([])
  })
})

describe('voice details', () => {
  it('labels read in a fixed order: sound first, use last', () => {
    expect(
      orderedLabels(voice({ labels: { use_case: 'news', zeta: 'z', gender: 'male', accent: '' } })),
    ).toEqual([
      ['gender', 'male'],
      ['use_case', 'news'],
      ['zeta', 'z'],
    ])
  })

  it('one preview per verified language, else the voice preview', () => {
    const multi = voice({
      verified_languages: [
        { language: 'en', model_id: 'm1', accent: null, locale: null, preview_url: '/p?language=en' },
        { language: 'en', model_id: 'm2', accent: null, locale: null, preview_url: '/p2?language=en' },
        { language: 'de', model_id: 'm1', accent: null, locale: null, preview_url: '/p?language=de' },
      ],
    })
    expect(languagePreviews(multi)).toEqual([
      { language: 'en', url: '/p?language=en' },
      { language: 'de', url: '/p?language=de' },
    ])
    expect(voiceLanguages(multi)).toEqual(['en', 'de'])
    expect(languagePreviews(voice())).toEqual([{ language: 'en', url: 'http://x/v1/voices/v1/preview' }])
  })

  it('only the workspace voices can be edited and deleted', () => {
    expect(isOwnVoice(voice())).toBe(false)
    expect(isOwnVoice(voice({ category: 'cloned', permission_on_resource: 'admin', is_owner: true }))).toBe(
      true,
    )
    expect(isOwnVoice(voice({ category: 'cloned', permission_on_resource: 'editor' }))).toBe(true)
    expect(isOwnVoice(voice({ category: 'cloned', permission_on_resource: null }))).toBe(false)
  })
})

describe('label names', () => {
  it('name known values in the reader’s language and leave a workspace’s own values as written', async () => {
    const { default: i18next } = await import('i18next')
    const { labelText } = await import('./voice-labels')
    const { default: deDE } = await import('../../i18n/locales/de-DE.json')
    const { default: enUS } = await import('../../i18n/locales/en-US.json')
    const make = async (lng: string, messages: object) => {
      const instance = i18next.createInstance()
      await instance.init({ lng, resources: { [lng]: { translation: messages } } })
      return instance.t
    }
    const en = await make('en-US', enUS)
    const de = await make('de-DE', deDE)
    expect(labelText(en, 'age', 'middle_aged', null)).toBe('Middle-aged')
    expect(labelText(en, 'accent', 'american', null)).toBe('American')
    expect(labelText(de, 'accent', 'castilian', null)).toBe('Kastilisch')
    expect(labelText(de, 'use_case', 'social_media', null)).toBe('Soziale Medien')
    expect(labelText(en, 'accent', 'yorkshire_dales', null)).toBe('yorkshire dales')
    expect(labelText(en, 'mood', 'very.odd', null)).toBe('very.odd')
  })
})

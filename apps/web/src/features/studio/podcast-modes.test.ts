import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import enUS from '../../i18n/locales/en-US.json'
import { renderHtml, textOf } from '../../test/render'
import { effectiveMode, PodcastModeChoice } from './podcast-modes'

const withoutModel = [
  { mode: 'conversation', available: false, unavailable_reason: 'no_language_model' },
  { mode: 'bulletin', available: true, unavailable_reason: null },
  { mode: 'turns', available: true, unavailable_reason: null },
] as const
const everything = withoutModel.map((m) => ({ ...m, available: true, unavailable_reason: null }))

describe('podcast modes', () => {
  it('default to what this server can make', () => {
    expect(effectiveMode(withoutModel, null)).toBe('turns')
    expect(effectiveMode(everything, null)).toBe('conversation')
    // A pick the server cannot make falls back; one it can is kept.
    expect(effectiveMode(withoutModel, 'conversation')).toBe('turns')
    expect(effectiveMode(withoutModel, 'bulletin')).toBe('bulletin')
    expect(effectiveMode(undefined, 'bulletin')).toBeNull()
  })

  it('show an unavailable mode disabled, with a reason a user understands', () => {
    const html = renderHtml(
      createElement(PodcastModeChoice, { modes: withoutModel, value: 'turns', onChange: () => {} }),
    )
    const input = (mode: string) => html.match(new RegExp(`<input[^>]*value="${mode}"[^>]*>`))?.[0] ?? ''
    expect(input('conversation')).toContain('disabled=""')
    expect(input('turns')).toContain('checked=""')
    expect(input('turns')).not.toContain('disabled')
    expect(textOf(html)).toContain(enUS.podcast.unavailable.no_language_model)
    expect(textOf(html)).not.toMatch(/PODCAST_LLM|operator/i)
  })
})

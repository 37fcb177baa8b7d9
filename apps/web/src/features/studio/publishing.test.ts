import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import type { StudioPublishing } from '../../lib/api-types'
import { renderHtml, textOf } from '../../test/render'
import { podcastMode } from './podcast-page'
import { PublishingStatus } from './publishing-panel'

function publication(partial: Partial<StudioPublishing>): StudioPublishing {
  return {
    project_id: 'p1',
    state: 'draft',
    progress: null,
    public_path: null,
    is_published: false,
    has_unpublished_changes: false,
    published_at_unix: null,
    full_access: false,
    preview_seconds: 300,
    has_image: false,
    last_error: null,
    ...partial,
  }
}

const render = (p: StudioPublishing) =>
  renderHtml(createElement(PublishingStatus, { publishing: p, origin: 'https://timbre.example' }))

describe('the publishing status', () => {
  it('shows a draft with the free preview and no link or progress bar', () => {
    const html = render(publication({}))
    expect(textOf(html)).toContain('State: Draft')
    expect(textOf(html)).toContain('the first 5 minutes of each chapter')
    expect(html).not.toContain('role="progressbar"')
    expect(html).not.toContain('data-testid="public-page-link"')
  })

  it('shows the percent in a progress bar while publishing or updating', () => {
    for (const state of ['publishing', 'updating'] as const) {
      const html = render(publication({ state, progress: 40 }))
      expect(html).toContain('role="progressbar"')
      expect(html).toContain('aria-valuenow="40"')
      expect(textOf(html)).toContain('40 %')
    }
  })

  it('links the public page and notes unpublished changes of a published project', () => {
    const html = render(
      publication({
        state: 'draft',
        is_published: true,
        has_unpublished_changes: true,
        public_path: '/listen/abc123abc123abc1',
      }),
    )
    expect(html).toContain('href="https://timbre.example/listen/abc123abc123abc1"')
    expect(textOf(html)).toContain(
      'Unpublished changes: the public page still serves the last published version until you republish.',
    )
    const clean = render(
      publication({ state: 'published', is_published: true, full_access: true, public_path: '/listen/x' }),
    )
    expect(textOf(clean)).toContain('State: Published')
    expect(textOf(clean)).toContain('Listeners hear every chapter in full.')
    expect(textOf(clean)).not.toContain('Unpublished changes')
  })
})

describe('the podcast request', () => {
  it('names the voices each mode needs', () => {
    expect(podcastMode('conversation', 'h', 'g')).toEqual({
      type: 'conversation',
      conversation: { host_voice_id: 'h', guest_voice_id: 'g' },
    })
    expect(podcastMode('bulletin', 'h', 'g')).toEqual({ type: 'bulletin', bulletin: { host_voice_id: 'h' } })
    expect(podcastMode('turns', 'h', 'g')).toEqual({
      type: 'turns',
      turns: { host_voice_id: 'h', guest_voice_id: 'g' },
    })
  })
})

// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../../test/render-dom'
import type { DubResource } from '../dubbing-api'
import { DubTimeline } from './dub-timeline'

// The timeline as a user works it: clips per speaker, moved by keyboard (the pointer path does
// the same arithmetic through `dragged`), a placement the rules refuse answered with the rule's
// message and nothing saved, and Enter playing from a clip.

const dub = (start: number, end: number, text: string) => ({
  start_time: start,
  end_time: end,
  text,
  audio_stale: false,
  translation_provider: 'apertium',
})

const resource: DubResource = {
  id: 'dub1',
  version: 3,
  source_language: 'en',
  target_languages: ['es'],
  speaker_tracks: {
    s1: { id: 's1', speaker_name: 'Speaker 1', voices: {}, segments: ['a'] },
    s2: { id: 's2', speaker_name: 'Speaker 2', voices: {}, segments: ['b'] },
  },
  speaker_segments: {
    a: { id: 'a', start_time: 0.5, end_time: 2, text: 'Hello', dubs: { es: dub(0.5, 2, 'Hola') } },
    b: {
      id: 'b',
      start_time: 2.05,
      end_time: 4.95,
      text: 'Good day',
      dubs: { es: dub(2.05, 4.95, 'Buen día') },
    },
  },
}

function renderTimeline(readOnly = false) {
  const onPlace = vi.fn(async () => undefined)
  const onPlay = vi.fn()
  const onSelect = vi.fn()
  renderInApp(
    <DubTimeline
      resource={resource}
      language="es"
      duration={5}
      audioUrl="/v1/dubbing/dub1/export/es?format=mp3&v=3"
      readOnly={readOnly}
      selected={null}
      onSelect={onSelect}
      onPlace={onPlace}
      onPlay={onPlay}
    />,
  )
  return { onPlace, onPlay, onSelect }
}

describe('the dub timeline', () => {
  it('shows one row per speaker with its clips, and saves a clip moved into free time', async () => {
    const { onPlace } = renderTimeline()
    expect(screen.getAllByTestId('timeline-row')).toHaveLength(2)
    const first = screen.getByRole('button', { name: 'Speaker 1, 0.50 to 2.00 seconds' })
    fireEvent.keyDown(first, { key: 'ArrowLeft' })
    await waitFor(() => expect(onPlace).toHaveBeenCalledWith('a', 0.4, 1.9))
  })

  it('refuses an overlap with the rule’s message and saves nothing', async () => {
    const { onPlace } = renderTimeline()
    const first = screen.getByRole('button', { name: 'Speaker 1, 0.50 to 2.00 seconds' })
    fireEvent.keyDown(first, { key: 'ArrowRight', shiftKey: true })
    expect(await screen.findByText('Invalid placement: the segment overlaps another segment.')).toBeTruthy()
    expect(onPlace).not.toHaveBeenCalled()
  })

  it('refuses a clip past the media', async () => {
    const { onPlace } = renderTimeline()
    const second = screen.getByRole('button', { name: 'Speaker 2, 2.05 to 4.95 seconds' })
    fireEvent.keyDown(second, { key: 'ArrowRight', shiftKey: true })
    expect(
      await screen.findByText('Invalid placement: the segment is later than the original media duration.'),
    ).toBeTruthy()
    expect(onPlace).not.toHaveBeenCalled()
  })

  it('plays from a clip with Enter, and moves nothing when read-only', () => {
    const { onPlace, onPlay } = renderTimeline(true)
    expect(screen.getByText('Read-only: another editor has this dub.')).toBeTruthy()
    const second = screen.getByRole('button', { name: 'Speaker 2, 2.05 to 4.95 seconds' })
    fireEvent.keyDown(second, { key: 'ArrowLeft' })
    fireEvent.keyDown(second, { key: 'Enter' })
    expect(onPlay).toHaveBeenCalledWith(2.05)
    expect(onPlace).not.toHaveBeenCalled()
  })
})

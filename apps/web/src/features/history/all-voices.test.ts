import { describe, expect, it } from 'vitest'
import type { Voice, VoicePage, VoiceQuery } from '../../lib/api-types'
import { listAllVoices } from './all-voices'

// A listing of `total` voices served `size` at a time with opaque tokens, as the server does.
function pagedListing(total: number, size = 100) {
  const queries: VoiceQuery[] = []
  const listPage = async (query: VoiceQuery): Promise<VoicePage> => {
    queries.push(query)
    const start = query.next_page_token ? Number(query.next_page_token.slice(4)) : 0
    const voices = Array.from({ length: Math.min(size, total - start) }, (_, i) => ({
      voice_id: `v${start + i}`,
      name: `Voice ${start + i}`,
    })) as Voice[]
    const next = start + voices.length
    return {
      voices,
      has_more: next < total,
      next_page_token: next < total ? `tok-${next}` : null,
      total_count: voices.length,
    } as VoicePage
  }
  return { listPage, queries }
}

describe('listAllVoices', () => {
  it('reads every page, beyond the first 100 voices', async () => {
    const { listPage, queries } = pagedListing(686)
    const voices = await listAllVoices(listPage)
    expect(voices).toHaveLength(686)
    expect(new Set(voices.map((v) => v.voice_id)).size).toBe(686)
    expect(queries).toHaveLength(7)
    expect(queries[1]?.next_page_token).toBe('tok-100')
  })

  it('stops after the page limit even if the listing never ends', async () => {
    const endless = async (): Promise<VoicePage> =>
      ({ voices: [{ voice_id: 'x' }], has_more: true, next_page_token: 'again', total_count: 1 }) as VoicePage
    expect(await listAllVoices(endless, 3)).toHaveLength(3)
  })
})

import { VOICES_PAGE_SIZE_MAX } from '@timbre/contract'
import type { Voice, VoicePage, VoiceQuery } from '../../lib/api-types'

/**
 * Every voice the workspace can filter its history by, read page by page with the listing's
 * token. The pages are bounded (`maxPages`) so a broken token can never loop forever; the
 * largest plan's voices plus the library fit well within it.
 */
export async function listAllVoices(
  listPage: (query: VoiceQuery) => Promise<VoicePage>,
  maxPages = 20,
): Promise<Voice[]> {
  const voices: Voice[] = []
  let token: string | undefined
  for (let page = 0; page < maxPages; page++) {
    const result = await listPage({
      page_size: VOICES_PAGE_SIZE_MAX,
      sort: 'name',
      sort_direction: 'asc',
      include_total_count: 'false',
      ...(token ? { next_page_token: token } : {}),
    })
    voices.push(...result.voices)
    if (!result.has_more || !result.next_page_token) break
    token = result.next_page_token
  }
  return voices
}

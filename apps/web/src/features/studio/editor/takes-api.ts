import { binary } from '../../../lib/api'

// A block's takes, the chapter's current audio and when each word is spoken in it.

export interface ChapterTimeline {
  converted: boolean
  blocks: Array<{
    block_id: string
    start_seconds: number
    end_seconds: number
    /** Characters [from, to) of the block's text (its nodes' texts joined), seconds in the chapter. */
    words: Array<{ from: number; to: number; start_seconds: number; end_seconds: number }>
  }>
}

export interface BlockTakes {
  block_id: string
  current: boolean
  locked: boolean
  free_regenerations_left: number
  takes: Array<{
    take_id: string
    created_at_unix: number
    duration_seconds: number
    free: boolean
    picked: boolean
  }>
}

const chapterUrl = (projectId: string, chapterId: string) =>
  `/v1/studio/projects/${encodeURIComponent(projectId)}/chapters/${encodeURIComponent(chapterId)}`
const takesUrl = (projectId: string, chapterId: string, blockId: string) =>
  `${chapterUrl(projectId, chapterId)}/blocks/${encodeURIComponent(blockId)}/takes`

export const getChapterTimeline = async (projectId: string, chapterId: string): Promise<ChapterTimeline> =>
  (await binary(`${chapterUrl(projectId, chapterId)}/timeline`, {})).json()

export const chapterAudio = async (projectId: string, chapterId: string): Promise<Blob> =>
  (await binary(`${chapterUrl(projectId, chapterId)}/audio`, {})).blob()

export const listBlockTakes = async (
  projectId: string,
  chapterId: string,
  blockId: string,
): Promise<BlockTakes> => (await binary(takesUrl(projectId, chapterId, blockId), {})).json()

export const takeAudio = async (projectId: string, chapterId: string, blockId: string, takeId: string) =>
  (await binary(`${takesUrl(projectId, chapterId, blockId)}/${encodeURIComponent(takeId)}/audio`, {})).blob()

export const pickTake = async (projectId: string, chapterId: string, blockId: string, takeId: string) =>
  (
    await binary(`${takesUrl(projectId, chapterId, blockId)}/${encodeURIComponent(takeId)}/pick`, {
      method: 'POST',
    })
  ).json() as Promise<{ block_id: string; take_id: string }>

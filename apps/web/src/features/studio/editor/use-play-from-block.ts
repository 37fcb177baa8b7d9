import { useQuery } from '@tanstack/react-query'
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import type { Editor } from '@tiptap/react'
import { useCallback, useEffect, useRef } from 'react'
import { playAudioBlob, subscribePlayerTime } from '../../player/player-store'
import { type Reading, readingKey } from './reading-highlight'
import { type ChapterTimeline, chapterAudio, getChapterTimeline } from './takes-api'

// Playing a converted chapter from one of its blocks in the app's player (the chapter's audio as
// it is now: each block's picked take), and marking in the editor the block being read and the
// word being spoken as it plays.

/** The block and word at a moment of the chapter's audio. */
export function readingAt(timeline: ChapterTimeline | undefined, seconds: number): Reading | null {
  const block = timeline?.blocks.find((b) => seconds >= b.start_seconds && seconds < b.end_seconds)
  if (!block) return null
  const word = block.words.find((w) => seconds >= w.start_seconds && seconds < w.end_seconds)
  return { blockId: block.block_id, word: word ? { from: word.from, to: word.to } : null }
}

const sameReading = (a: Reading | null, b: Reading | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.blockId === b.blockId &&
    a.word?.from === b.word?.from &&
    a.word?.to === b.word?.to)

export function usePlayFromBlock(input: {
  editor: Editor
  projectId: string
  chapterId: string
  chapterName: string
  /** Changes whenever the chapter's audio may have changed (a save, a conversion). */
  audioKey: string
}) {
  const { editor, projectId, chapterId, chapterName, audioKey } = input
  const timeline = useQuery({
    queryKey: ['studio', 'timeline', projectId, chapterId, audioKey],
    queryFn: () => getChapterTimeline(projectId, chapterId),
  })
  const playing = useRef<string | null>(null)

  // Follow the player while it plays this chapter.
  useEffect(() => {
    let shown: Reading | null = null
    return subscribePlayerTime((seconds, key) => {
      const ours = key !== null && key === playing.current
      const next = ours ? readingAt(timeline.data, seconds) : null
      if (sameReading(next, shown) || editor.isDestroyed) return
      shown = next
      editor.view.dispatch(editor.state.tr.setMeta(readingKey, next).setMeta('addToHistory', false))
    })
  }, [editor, timeline.data])

  /** Plays from a block, or from character `fromCharacter` of its text (the first word there on). */
  const playFrom = useCallback(
    async (blockId: string, fromCharacter = 0) => {
      const block = timeline.data?.blocks.find((b) => b.block_id === blockId)
      if (!block) return
      const word = fromCharacter > 0 ? block.words.find((w) => w.from >= fromCharacter) : undefined
      const start = { start_seconds: word ? word.start_seconds : block.start_seconds }
      const blob = await chapterAudio(projectId, chapterId)
      playing.current = playAudioBlob(blob, {
        type: 'studioChapter',
        title: chapterName,
        outputFormat: DEFAULT_OUTPUT_FORMAT,
        startAt: start.start_seconds,
      })
    },
    [timeline.data, projectId, chapterId, chapterName],
  )

  const playable = useCallback(
    (blockId: string | null) =>
      !!blockId && !!timeline.data?.converted && timeline.data.blocks.some((b) => b.block_id === blockId),
    [timeline.data],
  )
  return { playFrom, playable }
}

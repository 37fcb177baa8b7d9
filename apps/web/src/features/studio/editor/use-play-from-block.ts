import { useQuery } from '@tanstack/react-query'
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import type { Editor } from '@tiptap/react'
import { useCallback, useEffect, useRef } from 'react'
import { client, settle } from '../../../lib/api'
import { player, subscribePlayerTime } from '../../player/player-store'
import { listStudioChapterSnapshots, studioChapterSnapshotAudio } from '../studio-api'
import { readingKey } from './reading-highlight'

// Playing a converted chapter from one of its blocks in the app's player, and marking in the
// editor the block being read as it plays.

type Timeline = {
  converted: boolean
  blocks: Array<{ block_id: string; start_seconds: number; end_seconds: number }>
}

const getTimeline = (projectId: string, chapterId: string): Promise<Timeline> =>
  settle(
    client.GET('/v1/studio/projects/{project_id}/chapters/{chapter_id}/timeline', {
      params: { path: { project_id: projectId, chapter_id: chapterId } },
    }),
  )

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
    queryFn: () => getTimeline(projectId, chapterId),
  })
  const playing = useRef<string | null>(null)

  // Follow the player while it plays this chapter.
  useEffect(() => {
    const blocks = timeline.data?.blocks ?? []
    let shown: string | null = null
    return subscribePlayerTime((seconds, key) => {
      const ours = key !== null && key === playing.current
      const block = ours
        ? blocks.find((b) => seconds >= b.start_seconds && seconds < b.end_seconds)
        : undefined
      const next = block?.block_id ?? null
      if (next === shown || editor.isDestroyed) return
      shown = next
      editor.view.dispatch(editor.state.tr.setMeta(readingKey, next).setMeta('addToHistory', false))
    })
  }, [editor, timeline.data])

  const playFrom = useCallback(
    async (blockId: string) => {
      const start = timeline.data?.blocks.find((b) => b.block_id === blockId)
      if (!start) return
      const snapshots = await listStudioChapterSnapshots(projectId, chapterId)
      const latest = snapshots.snapshots[0]
      if (!latest) return
      const blob = await studioChapterSnapshotAudio(projectId, chapterId, latest.chapter_snapshot_id)
      playing.current = player.load({
        type: 'studioChapter',
        historyItemId: null,
        title: chapterName,
        text: '',
        voiceId: null,
        voiceName: null,
        voiceDescription: null,
        voiceCategory: null,
        modelId: null,
        settings: null,
        dateUnix: latest.created_at_unix,
        autoStart: true,
        startAt: start.start_seconds,
        outputFormat: DEFAULT_OUTPUT_FORMAT,
        src: URL.createObjectURL(blob),
        blob,
        ownsSrc: true,
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

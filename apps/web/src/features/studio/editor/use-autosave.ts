import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../../lib/api-error'
import type { StudioChapter, StudioChapterSave } from '../../../lib/api-types'
import { saveStudioChapter } from '../studio-api'

// Saving a chapter as it is written: a short pause in typing saves it, with the version it was
// loaded (or last saved) at. A save someone else's newer save refuses is a conflict the writer
// settles (overwrite or discard); a save that cannot reach the server is retried when the
// connection is back; any other failure is shown and retried on the next change.

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'offline' | 'failed' | 'conflict'

const AUTOSAVE_DELAY_MS = 1200
const OFFLINE_RETRY_MS = 5000

type Blocks = NonNullable<StudioChapterSave['content']>['blocks']

export function useAutosave(input: {
  projectId: string
  chapterId: string
  version: number
  blocks: () => Blocks
  onSaved: (chapter: StudioChapter, sent: Blocks) => void
}) {
  const [state, setState] = useState<SaveState>('saved')
  const stateRef = useRef(state)
  stateRef.current = state
  const version = useRef(input.version)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const running = useRef(false)
  const again = useRef(false)
  const latest = useRef(input)
  latest.current = input

  const save = useCallback(async (overwrite = false) => {
    if (timer.current) clearTimeout(timer.current)
    if (running.current) {
      again.current = true
      return
    }
    running.current = true
    again.current = false
    setState('saving')
    const { projectId, chapterId, blocks, onSaved } = latest.current
    const sent = blocks()
    try {
      const body: StudioChapterSave = {
        content: { blocks: sent },
        ...(overwrite ? {} : { version: version.current }),
      }
      const saved = await saveStudioChapter(projectId, chapterId, body)
      version.current = saved.chapter.version
      onSaved(saved.chapter, sent)
      running.current = false
      if (again.current) void save()
      else setState('saved')
    } catch (error) {
      running.current = false
      if (error instanceof ApiError && error.status === 409) setState('conflict')
      else if (error instanceof ApiError && error.status === 0) {
        setState('offline')
        timer.current = setTimeout(() => void save(), OFFLINE_RETRY_MS)
      } else setState('failed')
    }
  }, [])

  const changed = useCallback(() => {
    setState((current) => (current === 'conflict' || current === 'offline' ? current : 'unsaved'))
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS)
  }, [save])

  // Back online: what could not be saved is saved now.
  useEffect(() => {
    const online = () => {
      if (stateRef.current === 'offline') void save()
    }
    window.addEventListener('online', online)
    return () => window.removeEventListener('online', online)
  }, [save])

  // Leaving with changes not saved yet asks first, as any editor does.
  useEffect(() => {
    if (state === 'saved') return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [state])

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )

  /** A newer server copy was taken in (discarding local changes, or a cast applied). */
  const reset = useCallback((serverVersion: number) => {
    if (timer.current) clearTimeout(timer.current)
    version.current = serverVersion
    setState('saved')
  }, [])

  return { state, changed, save, reset, version }
}

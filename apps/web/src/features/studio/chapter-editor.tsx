import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Select } from '../../components/select'
import { PageSpinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import type { StudioChapter } from '../../lib/api-types'
import { useVoices } from '../tts/tts-queries'
import { type DraftBlock, draftFrom, savePayload } from './chapter-draft'
import { lockStudioBlock, regenerateStudioBlock, saveStudioChapter } from './studio-api'
import { useStudioChapter } from './studio-queries'

type AudioState = { generated: boolean; locked: boolean }

const SUB_TYPES = ['p', 'h1', 'h2', 'h3'] as const

/**
 * One chapter's blocks, edited locally and saved as a whole. The save names the version it was
 * loaded at; when someone saved in between the server refuses, and the user chooses to
 * overwrite the server's version or discard their changes.
 */
export function ChapterEditor({
  projectId,
  chapterId,
  defaultVoiceId,
}: {
  projectId: string
  chapterId: string
  defaultVoiceId: string
}) {
  const { t } = useTranslation()
  const chapter = useStudioChapter(projectId, chapterId)
  if (chapter.isPending) return <PageSpinner label={t('common.loading')} />
  if (chapter.isError) return <ChapterError error={chapter.error} />
  return (
    <LoadedChapter
      key={`${chapter.data.chapter_id}:${chapter.data.version}`}
      projectId={projectId}
      chapter={chapter.data}
      defaultVoiceId={defaultVoiceId}
      reload={() => chapter.refetch()}
    />
  )
}

function ChapterError({ error }: { error: Error }) {
  const errorText = useErrorText()
  return <Alert tone="error">{errorText(error)}</Alert>
}

function LoadedChapter({
  projectId,
  chapter,
  defaultVoiceId,
  reload,
}: {
  projectId: string
  chapter: StudioChapter
  defaultVoiceId: string
  reload: () => void
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const voices = useVoices()
  const [blocks, setBlocks] = useState<DraftBlock[]>(() => draftFrom(chapter))
  const [dirty, setDirty] = useState(false)
  const [conflict, setConflict] = useState(false)
  const queryClient = useQueryClient()
  const save = useMutation({
    mutationFn: (overwrite: boolean) =>
      saveStudioChapter(
        projectId,
        chapter.chapter_id,
        savePayload(blocks, overwrite ? null : chapter.version),
      ),
    onSuccess: () => {
      setDirty(false)
      setConflict(false)
      toast({ title: t('studio.saved'), tone: 'success' })
      reload()
      // A saved change makes a published project a draft again.
      queryClient.invalidateQueries({ queryKey: ['studio', 'publishing', projectId] })
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) setConflict(true)
    },
  })

  // Leaving with unsaved changes asks first, as any editor does.
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const change = (index: number, patch: Partial<DraftBlock>) => {
    setBlocks((current) => current.map((block, i) => (i === index ? { ...block, ...patch } : block)))
    setDirty(true)
  }
  const remove = (index: number) => {
    setBlocks((current) => current.filter((_, i) => i !== index))
    setDirty(true)
  }
  const add = () => {
    const voiceId = blocks[blocks.length - 1]?.voiceId ?? defaultVoiceId
    setBlocks((current) => [...current, { key: crypto.randomUUID(), subType: 'p', voiceId, text: '' }])
    setDirty(true)
  }
  const voiceOptions = voices.data?.voices ?? []
  const audio = new Map<string, AudioState>(
    chapter.content.blocks.map((b) => [b.block_id, { generated: b.generated, locked: b.locked }]),
  )
  const blockAction = useMutation({
    mutationFn: async ({ blockId, lock }: { blockId: string; lock: boolean | null }): Promise<unknown> =>
      lock === null
        ? regenerateStudioBlock(projectId, chapter.chapter_id, blockId)
        : lockStudioBlock(projectId, chapter.chapter_id, blockId, lock),
    onSuccess: (_, { lock }) => {
      if (lock === null) queryClient.invalidateQueries({ queryKey: ['studio', 'project', projectId] })
      else reload()
    },
  })

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-neutral-900">{chapter.name}</h2>
        <div className="flex items-center gap-3">
          {dirty && <span className="text-sm text-amber-700">{t('studio.unsaved')}</span>}
          <Button onClick={() => save.mutate(false)} disabled={!dirty} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      </div>
      {save.isError && !conflict && <Alert tone="error">{errorText(save.error)}</Alert>}
      {blockAction.isError && <Alert tone="error">{errorText(blockAction.error)}</Alert>}
      {conflict && (
        <Alert tone="warning">
          <p className="font-medium">{t('studio.conflictTitle')}</p>
          <p className="mt-1">{t('studio.conflictBody')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="danger" onClick={() => save.mutate(true)} loading={save.isPending}>
              {t('studio.overwrite')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setConflict(false)
                setDirty(false)
                reload()
              }}
            >
              {t('studio.discard')}
            </Button>
          </div>
        </Alert>
      )}
      {blocks.length === 0 && (
        <p className="rounded-2xl border border-dashed border-neutral-300 p-8 text-center text-sm text-neutral-500">
          {t('studio.emptyChapter')}
        </p>
      )}
      <ol className="space-y-3">
        {blocks.map((block, index) => (
          <li key={block.key} className="rounded-xl border border-neutral-200 p-3">
            <div className="mb-2 flex flex-wrap items-center gap-2">
              <Select
                aria-label={t('studio.blockType')}
                value={block.subType}
                onChange={(subType) => change(index, { subType })}
                className="rounded-lg border border-neutral-300 bg-white px-2 py-1 text-sm"
                options={SUB_TYPES.map((type) => ({ value: type, label: t(`studio.blockTypes.${type}`) }))}
              />
              <Select
                aria-label={t('studio.blockVoice')}
                value={block.voiceId}
                onChange={(voiceId) => change(index, { voiceId })}
                className="min-w-0 max-w-56 rounded-lg border border-neutral-300 bg-white px-2 py-1 text-sm"
                options={[
                  ...(voiceOptions.some((v) => v.voice_id === block.voiceId)
                    ? []
                    : [{ value: block.voiceId, label: block.voiceId }]),
                  ...voiceOptions.map((voice) => ({ value: voice.voice_id, label: voice.name })),
                ]}
              />
              {block.blockId && audio.get(block.blockId) && (
                <BlockAudioControls
                  state={audio.get(block.blockId) as AudioState}
                  busy={blockAction.isPending}
                  dirty={dirty}
                  onLock={(locked) => blockAction.mutate({ blockId: block.blockId ?? '', lock: locked })}
                  onRegenerate={() => blockAction.mutate({ blockId: block.blockId ?? '', lock: null })}
                />
              )}
              <Button variant="ghost" className="ml-auto" onClick={() => remove(index)}>
                {t('studio.removeBlock')}
              </Button>
            </div>
            <textarea
              aria-label={t('studio.blockText', { number: index + 1 })}
              value={block.text}
              rows={block.subType === 'p' ? 3 : 1}
              onChange={(e) => change(index, { text: e.target.value })}
              className={`w-full resize-y rounded-lg border border-neutral-300 bg-white px-3 py-2 text-neutral-900 ${block.subType === 'p' ? 'text-sm' : 'text-base font-semibold'}`}
            />
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={add}>
        {t('studio.addParagraph')}
      </Button>
    </div>
  )
}

/** A block's audio: generated or not, its lock, and regeneration (never of a locked block). */
function BlockAudioControls({
  state,
  busy,
  dirty,
  onLock,
  onRegenerate,
}: {
  state: AudioState
  busy: boolean
  dirty: boolean
  onLock: (locked: boolean) => void
  onRegenerate: () => void
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span
        className={`rounded-full px-2 py-0.5 text-xs ${state.generated ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200' : 'bg-neutral-100 text-neutral-600'}`}
      >
        {state.locked
          ? t('studio.conversion.locked')
          : state.generated
            ? t('studio.conversion.generated')
            : t('studio.conversion.notGenerated')}
      </span>
      <Button
        variant="ghost"
        aria-pressed={state.locked}
        disabled={busy || !state.generated}
        title={state.generated ? undefined : t('studio.conversion.lockHint')}
        onClick={() => onLock(!state.locked)}
      >
        {state.locked ? t('studio.conversion.unlock') : t('studio.conversion.lock')}
      </Button>
      <Button
        variant="ghost"
        disabled={busy || state.locked || dirty}
        title={dirty ? t('studio.conversion.saveFirst') : undefined}
        onClick={onRegenerate}
      >
        {t('studio.conversion.regenerate')}
      </Button>
    </div>
  )
}

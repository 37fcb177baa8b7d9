import { useQueryClient } from '@tanstack/react-query'
import { EditorContent, type JSONContent, useEditor } from '@tiptap/react'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { PageSpinner } from '../../../components/spinner'
import { useErrorText } from '../../../i18n/use-error-text'
import type { StudioChapter } from '../../../lib/api-types'
import { useVoices } from '../../tts/tts-queries'
import { getStudioChapter } from '../studio-api'
import { useStudioChapter } from '../studio-queries'
import { BlockPanel } from './block-panel'
import { blocksFromDoc, docFromChapter } from './chapter-doc'
import { EditorToolbar } from './editor-toolbar'
import { studioExtensions } from './extensions'
import { PronunciationPanel } from './pronunciation-panel'
import { type SaveState, useAutosave } from './use-autosave'
import { useSingleEditor } from './use-single-editor'

/** Marks a change the server made (ids of new blocks, a newer copy), which is not the writer's. */
const FROM_SERVER = 'studioFromServer'

/** A chapter in the document editor, held by one tab at a time and saved as it is written. */
export function ChapterDocumentEditor({
  projectId,
  chapterId,
  defaultVoiceId,
  modelId,
}: {
  projectId: string
  chapterId: string
  defaultVoiceId: string
  /** The project's model: words are heard as the chapter will be read. */
  modelId: string
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const { hold, retry } = useSingleEditor(projectId)
  const chapter = useStudioChapter(projectId, chapterId)
  if (hold === 'elsewhere') {
    return (
      <Alert tone="warning">
        <p className="font-medium">{t('studio.editor.inUse')}</p>
        <p className="mt-1">{t('studio.editor.inUseHint')}</p>
        <Button variant="secondary" className="mt-3" onClick={retry}>
          {t('common.tryAgain')}
        </Button>
      </Alert>
    )
  }
  if (hold === 'waiting' || chapter.isPending) return <PageSpinner label={t('common.loading')} />
  if (chapter.isError) return <Alert tone="error">{errorText(chapter.error)}</Alert>
  return (
    <LoadedEditor
      key={chapter.data.chapter_id}
      projectId={projectId}
      chapter={chapter.data}
      defaultVoiceId={defaultVoiceId}
      modelId={modelId}
    />
  )
}

function LoadedEditor({
  projectId,
  chapter,
  defaultVoiceId,
  modelId,
}: {
  projectId: string
  chapter: StudioChapter
  defaultVoiceId: string
  modelId: string
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const voices = useVoices()
  const voiceOptions = useMemo(
    () => (voices.data?.voices ?? []).map((voice) => ({ value: voice.voice_id, label: voice.name })),
    [voices.data],
  )
  // The chapter as the server last gave it (refetched after a cast, a regeneration, a lock).
  const live = useStudioChapter(projectId, chapter.chapter_id).data ?? chapter
  const audio = useMemo(() => audioStates(live), [live])
  const chapterKey = ['studio', 'chapter', projectId, chapter.chapter_id]

  const editor = useEditor({
    extensions: studioExtensions,
    content: docFromChapter(chapter, defaultVoiceId),
    editorProps: {
      attributes: {
        'aria-label': t('studio.editor.label', { name: chapter.name }),
        role: 'textbox',
        'aria-multiline': 'true',
        class:
          'studio-doc min-h-64 rounded-xl border border-neutral-200 bg-white px-5 py-4 text-neutral-900 outline-none focus:border-accent-500 dark:bg-neutral-900 dark:text-neutral-100 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_p]:my-2 [&_p]:leading-7',
      },
    },
    onUpdate: ({ transaction }) => {
      if (!transaction.getMeta(FROM_SERVER)) autosave.changed()
    },
  })

  const autosave = useAutosave({
    projectId,
    chapterId: chapter.chapter_id,
    version: chapter.version,
    blocks: () => blocksFromDoc(editor?.getJSON() ?? { type: 'doc' }),
    onSaved: (saved, sent) => {
      queryClient.setQueryData(chapterKey, saved)
      if (editor) giveIds(editor, saved, sent)
      // A saved change makes a published project a draft, and the chapter list shows its state.
      void queryClient.invalidateQueries({ queryKey: ['studio', 'publishing', projectId] })
      void queryClient.invalidateQueries({ queryKey: ['studio', 'project', projectId] })
    },
  })

  // A newer copy on the server (a cast applied, a paragraph regenerated) replaces an editor with
  // nothing unsaved; with unsaved changes the next save meets the conflict instead.
  const { state: saveState, reset, version } = autosave
  useEffect(() => {
    if (!editor || live.version <= version.current || saveState !== 'saved') return
    editor
      .chain()
      .setMeta(FROM_SERVER, true)
      .setMeta('addToHistory', false)
      .setContent(docFromChapter(live, defaultVoiceId), { emitUpdate: false })
      .run()
    reset(live.version)
  }, [live, editor, saveState, reset, version, defaultVoiceId])

  const discard = async () => {
    const fresh = await getStudioChapter(projectId, chapter.chapter_id)
    queryClient.setQueryData(chapterKey, fresh)
    editor?.commands.setContent(docFromChapter(fresh, defaultVoiceId), { emitUpdate: false })
    reset(fresh.version)
  }

  if (!editor) return <PageSpinner label={t('common.loading')} />
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-neutral-900">{chapter.name}</h2>
        <SaveStatus state={autosave.state} />
      </div>
      {autosave.state === 'conflict' && (
        <Alert tone="warning">
          <p className="font-medium">{t('studio.conflictTitle')}</p>
          <p className="mt-1">{t('studio.conflictBody')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="danger" onClick={() => void autosave.save(true)}>
              {t('studio.overwrite')}
            </Button>
            <Button variant="secondary" onClick={() => void discard()}>
              {t('studio.discard')}
            </Button>
          </div>
        </Alert>
      )}
      <EditorToolbar editor={editor} voices={voiceOptions} />
      <EditorContent editor={editor} />
      <PronunciationPanel editor={editor} projectId={projectId} modelId={modelId} />
      <BlockPanel
        editor={editor}
        projectId={projectId}
        chapterId={chapter.chapter_id}
        chapterName={chapter.name}
        audioKey={`${live.version}:${live.last_conversion_date_unix ?? 0}`}
        audio={audio}
        unsaved={autosave.state !== 'saved'}
      />
    </div>
  )
}

export type AudioStates = Map<string, { generated: boolean; locked: boolean }>

function audioStates(chapter: StudioChapter): AudioStates {
  return new Map(
    chapter.content.blocks.map((b) => [b.block_id, { generated: b.generated, locked: b.locked }]),
  )
}

/**
 * Blocks written since the last save get the ids the server gave them, so the next save keeps
 * them (and their audio). Only while the document still has the blocks that were sent.
 */
function giveIds(editor: NonNullable<ReturnType<typeof useEditor>>, saved: StudioChapter, sent: unknown[]) {
  if (saved.content.blocks.length !== sent.length) return
  const current = blocksFromDoc(editor.getJSON())
  if (JSON.stringify(current) !== JSON.stringify(sent)) return
  const { tr, doc } = editor.state
  let index = 0
  doc.forEach((block, offset) => {
    const json = block.toJSON() as JSONContent
    if (blocksFromDoc({ type: 'doc', content: [json] }).length === 0) return
    const id = saved.content.blocks[index]?.block_id
    index++
    if (id && block.attrs.blockId !== id) tr.setNodeMarkup(offset, undefined, { ...block.attrs, blockId: id })
  })
  if (tr.docChanged) editor.view.dispatch(tr.setMeta(FROM_SERVER, true).setMeta('addToHistory', false))
}

function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation()
  const tone =
    state === 'offline' || state === 'failed'
      ? 'text-red-700 dark:text-red-300'
      : state === 'saved'
        ? 'text-neutral-500'
        : 'text-amber-700 dark:text-amber-300'
  return (
    <span role="status" className={`text-sm ${tone}`}>
      {t(`studio.editor.status.${state}`)}
    </span>
  )
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type Editor, useEditorState } from '@tiptap/react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { useErrorText } from '../../../i18n/use-error-text'
import { lockStudioBlock, regenerateStudioBlock, regenerateStudioSentence } from '../studio-api'
import type { AudioStates } from './chapter-document-editor'
import { selectionInBlock } from './sentence-at-cursor'
import { pickTake } from './takes-api'
import { TakesList } from './takes-list'
import { usePlayFromBlock } from './use-play-from-block'

/**
 * The block the cursor is in: whether it has audio and is locked, and what can be done with it
 * (lock or unlock, regenerate). A block written since the last save has no audio yet.
 */
export function BlockPanel({
  editor,
  projectId,
  chapterId,
  chapterName,
  audioKey,
  audio,
  unsaved,
}: {
  editor: Editor
  projectId: string
  chapterId: string
  chapterName: string
  /** Changes whenever the chapter's audio may have changed. */
  audioKey: string
  audio: AudioStates
  unsaved: boolean
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const at = useEditorState({
    editor,
    selector: ({ editor }) => selectionInBlock(editor.state),
    equalityFn: (a, b) =>
      a?.blockId === b?.blockId &&
      a?.from === b?.from &&
      a?.to === b?.to &&
      a?.sentenceText === b?.sentenceText,
  })
  const blockId = at?.blockId ?? null
  const state = blockId ? audio.get(blockId) : undefined
  const { playFrom, playable } = usePlayFromBlock({ editor, projectId, chapterId, chapterName, audioKey })
  // Plays from the start of the sentence at the cursor.
  const play = useMutation({ mutationFn: (id: string) => playFrom(id, at?.sentence?.from ?? 0) })
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['studio', 'chapter', projectId, chapterId] }),
      queryClient.invalidateQueries({ queryKey: ['studio', 'project', projectId] }),
      queryClient.invalidateQueries({ queryKey: ['studio', 'takes', projectId, chapterId] }),
      queryClient.invalidateQueries({ queryKey: ['studio', 'timeline', projectId, chapterId] }),
    ])
  const action = useMutation({
    mutationFn: async (lock: boolean | null): Promise<unknown> =>
      lock === null
        ? regenerateStudioBlock(projectId, chapterId, blockId ?? '')
        : lockStudioBlock(projectId, chapterId, blockId ?? '', lock),
    onSuccess: refresh,
  })
  const sentence = useMutation({
    mutationFn: () =>
      regenerateStudioSentence(projectId, chapterId, blockId ?? '', { from: at?.from ?? 0, to: at?.to ?? 0 }),
    onSuccess: refresh,
  })
  // Undo: the take the sentence was spliced into is picked again.
  const undo = useMutation({
    mutationFn: (takeId: string) => pickTake(projectId, chapterId, sentence.data?.block_id ?? '', takeId),
    onSuccess: () => {
      sentence.reset()
      return refresh()
    },
  })

  return (
    <section
      aria-label={t('studio.editor.currentBlock')}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-neutral-200 p-3 text-sm"
    >
      <span className="font-medium text-neutral-700">{t('studio.editor.currentBlock')}</span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs ${state?.generated ? 'bg-emerald-50 text-emerald-800' : 'bg-neutral-100 text-neutral-600'}`}
      >
        {!state
          ? t('studio.editor.notSavedYet')
          : state.locked
            ? t('studio.conversion.locked')
            : state.generated
              ? t('studio.conversion.generated')
              : t('studio.conversion.notGenerated')}
      </span>
      {state && (
        <>
          <Button
            variant="secondary"
            disabled={!playable(blockId) || play.isPending}
            title={playable(blockId) ? undefined : t('studio.editor.playNeedsConversion')}
            loading={play.isPending}
            onClick={() => blockId && play.mutate(blockId)}
          >
            {t('studio.editor.playFromHere')}
          </Button>
          <Button
            variant="ghost"
            aria-pressed={state.locked}
            disabled={action.isPending || !state.generated}
            title={state.generated ? undefined : t('studio.conversion.lockHint')}
            onClick={() => action.mutate(!state.locked)}
          >
            {state.locked ? t('studio.conversion.unlock') : t('studio.conversion.lock')}
          </Button>
          <Button
            variant="ghost"
            disabled={action.isPending || state.locked || unsaved}
            title={unsaved ? t('studio.conversion.saveFirst') : undefined}
            onClick={() => action.mutate(null)}
          >
            {t('studio.conversion.regenerate')}
          </Button>
          <Button
            variant="ghost"
            disabled={sentence.isPending || !state.generated || state.locked || unsaved || !at?.sentence}
            title={
              unsaved
                ? t('studio.conversion.saveFirst')
                : at?.sentenceText
                  ? t('studio.editor.sentence.hint', { sentence: at.sentenceText })
                  : undefined
            }
            loading={sentence.isPending}
            onClick={() => sentence.mutate()}
          >
            {t('studio.editor.sentence.regenerate')}
          </Button>
        </>
      )}
      {sentence.data && sentence.data.block_id === blockId && (
        <p role="status" className="flex w-full flex-wrap items-center gap-2 text-xs text-neutral-600">
          <span>
            {t('studio.editor.sentence.done', { sentence: sentence.data.sentence.text })}{' '}
            {sentence.data.free
              ? t('studio.editor.sentence.free')
              : t('studio.editor.sentence.charged', { n: sentence.data.characters })}
          </span>
          {sentence.data.previous_take_id && (
            <Button
              variant="ghost"
              loading={undo.isPending}
              onClick={() => sentence.data?.previous_take_id && undo.mutate(sentence.data.previous_take_id)}
            >
              {t('studio.editor.sentence.undo')}
            </Button>
          )}
        </p>
      )}
      {blockId && state?.generated && (
        <TakesList projectId={projectId} chapterId={chapterId} blockId={blockId} audioKey={audioKey} />
      )}
      {action.isError && <Alert tone="error">{errorText(action.error)}</Alert>}
      {(sentence.isError || undo.isError) && (
        <Alert tone="error">{errorText(sentence.error ?? undo.error)}</Alert>
      )}
      {play.isError && <Alert tone="error">{errorText(play.error)}</Alert>}
    </section>
  )
}

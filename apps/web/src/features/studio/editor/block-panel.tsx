import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type Editor, useEditorState } from '@tiptap/react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { useErrorText } from '../../../i18n/use-error-text'
import { lockStudioBlock, regenerateStudioBlock } from '../studio-api'
import type { AudioStates } from './chapter-document-editor'
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
  const blockId = useEditorState({
    editor,
    selector: ({ editor }) => {
      const { $from } = editor.state.selection
      return $from.depth >= 1 ? ($from.node(1).attrs.blockId as string | null) : null
    },
  })
  const state = blockId ? audio.get(blockId) : undefined
  const { playFrom, playable } = usePlayFromBlock({ editor, projectId, chapterId, chapterName, audioKey })
  const play = useMutation({ mutationFn: (id: string) => playFrom(id) })
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['studio', 'chapter', projectId, chapterId] }),
      queryClient.invalidateQueries({ queryKey: ['studio', 'project', projectId] }),
    ])
  const action = useMutation({
    mutationFn: async (lock: boolean | null): Promise<unknown> =>
      lock === null
        ? regenerateStudioBlock(projectId, chapterId, blockId ?? '')
        : lockStudioBlock(projectId, chapterId, blockId ?? '', lock),
    onSuccess: refresh,
  })

  return (
    <section
      aria-label={t('studio.editor.currentBlock')}
      className="flex flex-wrap items-center gap-2 rounded-xl border border-neutral-200 p-3 text-sm"
    >
      <span className="font-medium text-neutral-700">{t('studio.editor.currentBlock')}</span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs ${state?.generated ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200' : 'bg-neutral-100 text-neutral-600'}`}
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
        </>
      )}
      {blockId && state?.generated && (
        <TakesList projectId={projectId} chapterId={chapterId} blockId={blockId} audioKey={audioKey} />
      )}
      {action.isError && <Alert tone="error">{errorText(action.error)}</Alert>}
      {play.isError && <Alert tone="error">{errorText(play.error)}</Alert>}
    </section>
  )
}

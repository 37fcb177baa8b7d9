import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { useErrorText } from '../../../i18n/use-error-text'
import { formatDateTime } from '../../../lib/format-date'
import { playAudioBlob } from '../../player/player-store'
import { listBlockTakes, pickTake, takeAudio } from './takes-api'

/**
 * The takes of the block at the cursor: every rendering of its text, newest first; each can be
 * heard in the player and picked as the one the chapter uses. Free regenerations left are shown.
 */
export function TakesList({
  projectId,
  chapterId,
  blockId,
  audioKey,
}: {
  projectId: string
  chapterId: string
  blockId: string
  audioKey: string
}) {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const takes = useQuery({
    queryKey: ['studio', 'takes', projectId, chapterId, blockId, audioKey],
    queryFn: () => listBlockTakes(projectId, chapterId, blockId),
  })
  const play = useMutation({
    mutationFn: async ({ takeId, title }: { takeId: string; title: string }) => {
      const blob = await takeAudio(projectId, chapterId, blockId, takeId)
      playAudioBlob(blob, {
        type: 'studioChapter',
        title,
        outputFormat: DEFAULT_OUTPUT_FORMAT,
      })
    },
  })
  const pick = useMutation({
    mutationFn: (takeId: string) => pickTake(projectId, chapterId, blockId, takeId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['studio', 'takes', projectId, chapterId, blockId] }),
        queryClient.invalidateQueries({ queryKey: ['studio', 'timeline', projectId, chapterId] }),
      ]),
  })
  if (!takes.data) return takes.isError ? <Alert tone="error">{errorText(takes.error)}</Alert> : null
  const { data } = takes
  const count = data.takes.length

  return (
    <section aria-label={t('studio.takes.title')} className="w-full space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium text-neutral-700">{t('studio.takes.title')}</h3>
        {data.current && (
          <span className="text-xs text-neutral-600" data-testid="free-regenerations-left">
            {t('studio.takes.freeLeft', { n: data.free_regenerations_left })}
          </span>
        )}
      </div>
      {!data.current ? (
        <p className="text-xs text-neutral-600">{t('studio.takes.outdated')}</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200">
          {data.takes.map((take, i) => {
            const title = t('studio.takes.take', { n: count - i })
            return (
              <li
                key={take.take_id}
                className="flex flex-wrap items-center gap-2 px-3 py-2"
                data-testid="take"
              >
                <span className="font-medium">{title}</span>
                <span className="text-xs text-neutral-600">
                  {formatDateTime(take.created_at_unix, i18n.language)} ·{' '}
                  {t('studio.takes.seconds', { seconds: take.duration_seconds.toFixed(1) })}
                </span>
                {take.free && (
                  <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs text-sky-800 dark:bg-sky-900/50 dark:text-sky-200">
                    {t('studio.takes.free')}
                  </span>
                )}
                <span className="ms-auto flex gap-2">
                  <Button
                    variant="ghost"
                    loading={play.isPending && play.variables?.takeId === take.take_id}
                    onClick={() => play.mutate({ takeId: take.take_id, title })}
                  >
                    {t('studio.takes.play')}
                  </Button>
                  {take.picked ? (
                    <span className="self-center rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800">
                      {t('studio.takes.picked')}
                    </span>
                  ) : (
                    <Button
                      variant="secondary"
                      disabled={pick.isPending || data.locked}
                      onClick={() => pick.mutate(take.take_id)}
                    >
                      {t('studio.takes.pick')}
                    </Button>
                  )}
                </span>
              </li>
            )
          })}
        </ul>
      )}
      {(play.isError || pick.isError) && <Alert tone="error">{errorText(play.error ?? pick.error)}</Alert>}
    </section>
  )
}

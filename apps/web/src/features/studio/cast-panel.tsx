import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Select } from '../../components/select'
import { useErrorText } from '../../i18n/use-error-text'
import { useVoices } from '../tts/tts-queries'
import {
  applyStudioCast,
  detectStudioCast,
  getStudioCast,
  type StudioCast,
  setStudioCastVoice,
} from './cast-api'

const NARRATOR = 'narrator'

/**
 * A project's cast: find who speaks in the book, give the narrator and each character a voice,
 * and cast the book so every quote is read by its character. Once cast, changing a voice here
 * changes it on every line of that character.
 */
export function CastPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const voices = useVoices()
  const key = ['studio', 'cast', projectId]
  const cast = useQuery({ queryKey: key, queryFn: () => getStudioCast(projectId) })
  // Casting rewrites the chapters' voices: the open chapter and the project are read again.
  const refresh = async (data: StudioCast) => {
    queryClient.setQueryData(key, data)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['studio', 'chapter', projectId] }),
      queryClient.invalidateQueries({ queryKey: ['studio', 'project', projectId] }),
    ])
  }
  const detect = useMutation({ mutationFn: () => detectStudioCast(projectId), onSuccess: refresh })
  const apply = useMutation({
    mutationFn: (data: StudioCast) =>
      applyStudioCast(projectId, {
        narrator_voice_id: data.narrator_voice_id,
        characters: data.characters.map((c) => ({ character_id: c.character_id, voice_id: c.voice_id })),
      }),
    onSuccess: refresh,
  })
  const setVoice = useMutation({
    mutationFn: ({ id, voiceId }: { id: string; voiceId: string | null }) =>
      setStudioCastVoice(projectId, id, voiceId),
    onSuccess: refresh,
  })
  const failed = detect.error ?? apply.error ?? setVoice.error
  const options = (voices.data?.voices ?? []).map((voice) => ({ value: voice.voice_id, label: voice.name }))
  const withCurrent = (voiceId: string) =>
    options.some((o) => o.value === voiceId) ? options : [{ value: voiceId, label: voiceId }, ...options]
  const data = cast.data

  return (
    <section aria-labelledby="studio-cast" className="space-y-3">
      <h2 id="studio-cast" className="text-sm font-semibold text-neutral-700">
        {t('studio.cast.title')}
      </h2>
      <p className="text-xs text-neutral-500">{t('studio.cast.hint')}</p>
      {failed && <Alert tone="error">{errorText(failed)}</Alert>}
      {data && (
        <ul className="space-y-2">
          <li className="space-y-1">
            <span className="text-sm font-medium text-neutral-800">{t('studio.cast.narrator')}</span>
            <Select
              aria-label={t('studio.cast.voiceOf', { name: t('studio.cast.narrator') })}
              value={data.narrator_voice_id}
              onChange={(voiceId) => setVoice.mutate({ id: NARRATOR, voiceId })}
              disabled={setVoice.isPending}
              options={withCurrent(data.narrator_voice_id)}
            />
          </li>
          {data.characters.map((character) => (
            <li key={character.character_id} className="space-y-1">
              <span className="text-sm font-medium text-neutral-800">
                {character.name}{' '}
                <span className="font-normal text-neutral-500">
                  {t('studio.cast.lines', { lines: character.lines })}
                </span>
              </span>
              <Select
                aria-label={t('studio.cast.voiceOf', { name: character.name })}
                value={character.voice_id ?? ''}
                onChange={(voiceId) =>
                  setVoice.mutate({ id: character.character_id, voiceId: voiceId || null })
                }
                disabled={setVoice.isPending}
                options={[
                  { value: '', label: t('studio.cast.narratorVoice') },
                  ...withCurrent(character.voice_id ?? data.narrator_voice_id),
                ]}
              />
            </li>
          ))}
        </ul>
      )}
      {data && data.characters.length === 0 && (
        <p className="text-sm text-neutral-500">{t('studio.cast.none')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" loading={detect.isPending} onClick={() => detect.mutate()}>
          {t('studio.cast.detect')}
        </Button>
        {data && data.characters.length > 0 && (
          <Button loading={apply.isPending} onClick={() => apply.mutate(data)}>
            {t('studio.cast.apply')}
          </Button>
        )}
      </div>
      {apply.data && (
        <p role="status" className="text-sm text-emerald-700">
          {t('studio.cast.applied', { chapters: apply.data.chapters_changed })}
        </p>
      )}
    </section>
  )
}

import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import {
  deletePvcSample,
  getPvcSpeakerAudio,
  getPvcWaveform,
  type PvcSample,
  separatePvcSpeakers,
} from './voice-pvc-api'

/** Bars of a sample's visual waveform (peaks 0-1). */
function WaveformBars({ peaks }: { peaks: number[] }) {
  return (
    <div className="flex h-12 items-center overflow-hidden" aria-hidden="true" data-testid="pvc-waveform">
      {peaks.map((peak, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the bars are positions, in a fixed order
          key={index}
          className="min-w-0 flex-1 bg-accent-600"
          style={{ height: `${Math.max(4, peak * 100)}%` }}
        />
      ))}
    </div>
  )
}

export function PvcSampleCard({
  voiceId,
  sample,
  editable,
}: {
  voiceId: string
  sample: PvcSample
  editable: boolean
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const waveform = useQuery({
    queryKey: ['pvc-waveform', voiceId, sample.sample_id],
    queryFn: () => getPvcWaveform(voiceId, sample.sample_id),
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['pvc', voiceId] })
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await work()
      await refresh()
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setBusy(false)
    }
  }
  const play = async (speakerId: string) => {
    try {
      const audio = await getPvcSpeakerAudio(voiceId, sample.sample_id, speakerId)
      await new Audio(`data:${audio.media_type};base64,${audio.audio_base64}`).play()
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    }
  }
  const separation = sample.speaker_separation
  const speakers = Object.values(separation.speakers ?? {})
  return (
    <li className="min-w-0 rounded-xl border border-neutral-200 p-3" data-testid="pvc-sample">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 truncate text-sm font-medium text-neutral-900">{sample.file_name}</p>
        <span className="text-xs text-neutral-500">
          {t('pvc.seconds', { seconds: sample.duration_secs.toFixed(1) })}
        </span>
      </div>
      <div className="mt-2">{waveform.data && <WaveformBars peaks={waveform.data.visual_waveform} />}</div>
      {separation.status === 'completed' && (
        <ul className="mt-2 flex flex-wrap gap-2" data-testid="pvc-speakers">
          {speakers.map((speaker) => (
            <li key={speaker.speaker_id}>
              <Button variant="secondary" onClick={() => void play(speaker.speaker_id)}>
                {t('pvc.speaker', {
                  number: Number(speaker.speaker_id.replace(/\D/g, '')) + 1,
                  seconds: speaker.duration_secs.toFixed(1),
                })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {separation.status === 'pending' && (
        <p className="mt-2 text-xs text-neutral-500">{t('pvc.separating')}</p>
      )}
      {editable && (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            loading={busy}
            disabled={separation.status === 'pending'}
            onClick={() => void run(() => separatePvcSpeakers(voiceId, sample.sample_id))}
          >
            {t('pvc.separate')}
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => void run(() => deletePvcSample(voiceId, sample.sample_id))}
          >
            {t('pvc.deleteSample')}
          </Button>
        </div>
      )}
    </li>
  )
}

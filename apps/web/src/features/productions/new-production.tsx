import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { CheckboxField } from '../../components/checkbox-field'
import { LabelledSelect } from '../../components/select'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { useTranscripts } from '../speech-to-text/transcript-queries'
import { orderFromTranscript, type ProductionKind, payWithCredits, quoteProduction } from './productions-api'
import { dollars } from './use-workspace-id'

const KINDS: ProductionKind[] = ['transcription', 'captions', 'subtitles']

/** New Production: pick a transcript and the options, see the quote, order and pay with credits. */
export function NewProduction({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const transcripts = useTranscripts()
  const list = useMemo(() => transcripts.data?.pages.flatMap((p) => p.transcripts) ?? [], [transcripts.data])
  const [transcriptId, setTranscriptId] = useState('')
  const [kind, setKind] = useState<ProductionKind>('transcription')
  const [speakers, setSpeakers] = useState('')
  const [verbatim, setVerbatim] = useState(false)
  const [sdh, setSdh] = useState(false)
  const [tags, setTags] = useState(false)
  const [name, setName] = useState('')
  const chosen = transcriptId || list[0]?.transcription_id || ''
  const quote = useQuery({
    queryKey: ['production-quote', workspaceId, chosen, kind, verbatim, sdh],
    queryFn: () => quoteProduction(workspaceId, { kind, transcription_id: chosen, verbatim, sdh }),
    enabled: chosen !== '',
  })
  const order = useMutation({
    mutationFn: async () => {
      const placed = await orderFromTranscript(workspaceId, {
        kind,
        transcription_id: chosen,
        target_languages: [],
        number_of_speakers: speakers ? Number(speakers) : null,
        verbatim,
        sdh,
        audio_event_tags: tags,
        custom_name: name.trim() || null,
      })
      await payWithCredits(workspaceId, placed.order_id)
      return placed
    },
    onSuccess: async (placed) => {
      await queryClient.invalidateQueries({ queryKey: ['productions'] })
      navigate(`/app/productions/${placed.description_id}`)
    },
  })
  if (transcripts.isSuccess && list.length === 0)
    return <Alert tone="info">{t('productions.noTranscripts')}</Alert>
  return (
    <form
      className="mt-4 grid max-w-2xl gap-4 rounded-xl border border-neutral-200 p-4"
      onSubmit={(event) => {
        event.preventDefault()
        order.mutate()
      }}
    >
      <h2 className="text-lg font-semibold text-neutral-900">{t('productions.newTitle')}</h2>
      <LabelledSelect
        label={t('productions.transcript')}
        value={chosen}
        onChange={setTranscriptId}
        options={list.map((tr) => ({ value: tr.transcription_id, label: tr.file_name }))}
      />
      <LabelledSelect
        label={t('productions.kind')}
        value={kind}
        onChange={setKind}
        options={KINDS.map((k) => ({ value: k, label: t(`productions.kinds.${k}`) }))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('productions.speakers')}
          type="number"
          min={1}
          max={32}
          value={speakers}
          onChange={(e) => setSpeakers(e.target.value)}
        />
        <TextField
          label={t('productions.customName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <CheckboxField checked={verbatim} onChange={setVerbatim}>
        {t('productions.verbatim')}
      </CheckboxField>
      <CheckboxField checked={sdh} onChange={setSdh}>
        {t('productions.sdh')}
      </CheckboxField>
      <CheckboxField checked={tags} onChange={setTags}>
        {t('productions.audioTags')}
      </CheckboxField>
      {quote.data && (
        <dl
          className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-lg bg-neutral-50 p-3 text-sm"
          data-testid="production-quote"
        >
          <dt className="text-neutral-600">{t('productions.quote.duration')}</dt>
          <dd>{t('productions.quote.minutes', { value: quote.data.charged_duration_seconds / 60 })}</dd>
          <dt className="text-neutral-600">{t('productions.quote.perMinute')}</dt>
          <dd>{dollars(quote.data.cost_per_minute_cents)}</dd>
          <dt className="text-neutral-600">{t('productions.quote.discount')}</dt>
          <dd>−{dollars(quote.data.discount_cents)}</dd>
          <dt className="text-neutral-600">{t('productions.quote.estimated')}</dt>
          <dd>{t('productions.quote.hours', { value: quote.data.estimated_hours })}</dd>
          <dt className="font-medium text-neutral-900">{t('productions.quote.total')}</dt>
          <dd className="font-medium text-neutral-900">
            {dollars(quote.data.total_cents)} ·{' '}
            {t('productions.quote.credits', { value: quote.data.credits.toLocaleString() })}
          </dd>
        </dl>
      )}
      {quote.isError && <Alert tone="error">{errorText(quote.error)}</Alert>}
      {order.isError && <Alert tone="error">{errorText(order.error)}</Alert>}
      <div>
        <Button type="submit" loading={order.isPending} disabled={!quote.data}>
          {t('productions.orderAndPay')}
        </Button>
      </div>
    </form>
  )
}

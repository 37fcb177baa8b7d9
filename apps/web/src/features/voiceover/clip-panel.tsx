import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { LabelledSelect } from '../../components/select'
import { TRACK_TAKES } from './timeline-rules'
import type { AddClipBody, UpdateClipBody, VoiceoverClip, VoiceoverProject } from './voiceover-api'

// Beside the timeline: add a clip at the playhead on a chosen track, or change the selected one
// (its text or prompt, its start and end), split it at the playhead or delete it.

const fieldClass =
  'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600'

export function AddClipForm(props: {
  project: VoiceoverProject
  playhead: number
  busy: boolean
  onAdd: (body: AddClipBody) => void
}) {
  const { t } = useTranslation()
  const tracks = props.project.tracks.filter((tr) => tr.type !== 'foreground')
  const [trackId, setTrackId] = useState(tracks[0]?.track_id ?? '')
  const [text, setText] = useState('')
  const track = tracks.find((tr) => tr.track_id === trackId) ?? tracks[0]
  const kind = track ? TRACK_TAKES[track.type] : 'speech'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!track) return
    const words = text.trim()
    props.onAdd({
      track_id: track.track_id,
      kind,
      start_seconds: props.playhead,
      ...(words ? (kind === 'sound_effect' ? { prompt: words } : { text: words }) : {}),
    })
    setText('')
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-2xl border border-neutral-200 p-4">
      <h2 className="text-sm font-semibold text-neutral-900">{t('voiceover.addClip')}</h2>
      <LabelledSelect
        label={t('voiceover.track')}
        className="block text-xs font-medium text-neutral-700"
        labelClassName=""
        selectClassName={`mt-1 ${fieldClass}`}
        value={track?.track_id ?? ''}
        onChange={setTrackId}
        options={tracks.map((tr) => ({ value: tr.track_id, label: tr.name }))}
      />
      <label className="block text-xs font-medium text-neutral-700">
        {kind === 'sound_effect' ? t('voiceover.prompt') : t('voiceover.text')}
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          maxLength={kind === 'sound_effect' ? 450 : 5000}
          className={`mt-1 ${fieldClass}`}
        />
      </label>
      <p className="text-xs text-neutral-500">
        {t('voiceover.addAt', { seconds: props.playhead.toFixed(1) })}
      </p>
      <Button type="submit" loading={props.busy} disabled={!track}>
        {t('voiceover.addClipButton')}
      </Button>
    </form>
  )
}

export function SelectedClipPanel(props: {
  clip: VoiceoverClip
  busy: boolean
  onSave: (body: UpdateClipBody) => void
  onSplit: () => void
  onDelete: () => void
}) {
  const { t } = useTranslation()
  const { clip } = props
  const [text, setText] = useState(clip.text ?? '')
  const [start, setStart] = useState(String(clip.start_seconds))
  const [end, setEnd] = useState(String(clip.end_seconds))
  useEffect(() => {
    setText(clip.text ?? '')
    setStart(String(clip.start_seconds))
    setEnd(String(clip.end_seconds))
  }, [clip.text, clip.start_seconds, clip.end_seconds])

  const save = (event: FormEvent) => {
    event.preventDefault()
    const body: UpdateClipBody = {}
    if (Number(start) !== clip.start_seconds) body.start_seconds = Number(start)
    if (Number(end) !== clip.end_seconds) body.end_seconds = Number(end)
    if (clip.kind !== 'media' && text.trim() !== (clip.text ?? '')) {
      if (clip.kind === 'sound_effect') body.prompt = text.trim()
      else body.text = text.trim()
    }
    props.onSave(body)
  }

  return (
    <form
      onSubmit={save}
      className="space-y-3 rounded-2xl border border-neutral-200 p-4"
      aria-label={t('voiceover.selectedClip')}
    >
      <h2 className="text-sm font-semibold text-neutral-900">
        {t('voiceover.selectedClip')} · {t(`voiceover.clipKind.${clip.kind}`)}
      </h2>
      {clip.kind !== 'media' && (
        <label className="block text-xs font-medium text-neutral-700">
          {clip.kind === 'sound_effect' ? t('voiceover.prompt') : t('voiceover.text')}
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
            className={`mt-1 ${fieldClass}`}
          />
        </label>
      )}
      <div className="grid grid-cols-2 gap-2">
        <label className="block text-xs font-medium text-neutral-700">
          {t('voiceover.start')}
          <input
            type="number"
            step={0.1}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            className={`mt-1 ${fieldClass}`}
          />
        </label>
        <label className="block text-xs font-medium text-neutral-700">
          {t('voiceover.end')}
          <input
            type="number"
            step={0.1}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            className={`mt-1 ${fieldClass}`}
          />
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={props.busy}>
          {t('voiceover.save')}
        </Button>
        {clip.kind === 'media' && (
          <Button type="button" variant="secondary" onClick={props.onSplit}>
            {t('voiceover.split')}
          </Button>
        )}
        <Button type="button" variant="secondary" onClick={props.onDelete}>
          {t('voiceover.delete')}
        </Button>
      </div>
    </form>
  )
}

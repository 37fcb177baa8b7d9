import { useQueryClient } from '@tanstack/react-query'
import {
  DUBBING_EDITOR_LOCK_SECONDS,
  DUBBING_EDITOR_RECOMMENDED_SECONDS,
  DUBBING_LANGUAGES,
  type DubbingExportFormat,
} from '@timbre/contract'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { LabelledSelect } from '../../components/select'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import { routes } from '../../routes'
import { player } from '../player/player-store'
import {
  type DubResource,
  exportDub,
  holdEditor,
  redubSegments,
  releaseEditor,
  updateSegment,
} from './dubbing-api'
import { DubProgress } from './dubbing-page'
import { useDub, useDubResource } from './dubbing-queries'
import { DubTimeline } from './editor/dub-timeline'

const EXPORTS = [
  'mp4',
  'mp3',
  'wav',
  'aac',
  'srt',
  'csv',
  'tracks_zip',
  'clips_zip',
  'aaf',
] as const satisfies readonly DubbingExportFormat[]
type ExportFormat = (typeof EXPORTS)[number]

/** Holds the dub for this tab while it is open; false when another editor holds it. */
function useEditorHold(id: string, ready: boolean): boolean | null {
  const [held, setHeld] = useState<boolean | null>(null)
  useEffect(() => {
    if (!ready) return
    const session = crypto.randomUUID()
    let stopped = false
    const take = () =>
      holdEditor(id, session)
        .then(() => !stopped && setHeld(true))
        .catch((error) => !stopped && error instanceof ApiError && error.status === 409 && setHeld(false))
    void take()
    const timer = setInterval(take, (DUBBING_EDITOR_LOCK_SECONDS * 1000) / 2)
    return () => {
      stopped = true
      clearInterval(timer)
      void releaseEditor(id, session).catch(() => undefined)
    }
  }, [id, ready])
  return held
}

/** One dub: its progress, then its segments per speaker (editable), re-dubs, the player and exports. */
export function DubPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation()
  const errorText = useErrorText()
  const dub = useDub(id)
  const done = dub.data?.status === 'dubbed'
  const resource = useDubResource(id, done)
  const held = useEditorHold(id, done)
  const [language, setLanguage] = useState<string | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const queryClient = useQueryClient()
  const toast = useToast()
  const lang = language ?? dub.data?.target_languages[0] ?? 'es'
  const audioUrl = `/v1/dubbing/${encodeURIComponent(id)}/export/${lang}?format=mp3&v=${resource.data?.version ?? 0}`
  const name = dub.data?.name ?? ''
  const playFrom = useCallback(
    (seconds: number) => {
      if (player.current()?.src === audioUrl) {
        player.playFrom(seconds)
        return
      }
      player.load({
        type: 'dub',
        historyItemId: null,
        title: name,
        text: '',
        voiceId: null,
        voiceName: DUBBING_LANGUAGES[lang] ?? lang,
        voiceDescription: null,
        voiceCategory: null,
        modelId: null,
        settings: null,
        dateUnix: null,
        src: audioUrl,
        autoStart: true,
        startAt: seconds,
        outputFormat: null,
      })
    },
    [audioUrl, name, lang],
  )
  const place = async (segmentId: string, start: number, end: number) => {
    try {
      await updateSegment(id, segmentId, lang, { start_time: start, end_time: end })
      await queryClient.invalidateQueries({ queryKey: ['dub-resource', id] })
      toast({ title: t('dubbing.saved') })
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    }
  }
  if (dub.isError) return <Alert tone="error">{errorText(dub.error)}</Alert>
  if (!dub.data) return null
  const d = dub.data
  return (
    <div>
      <Link to={routes.dubs} className="text-sm text-accent-700 hover:underline">
        {t('dubbing.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-neutral-900">{d.name}</h1>
      <DubProgress status={d.status} progress={d.progress} message={d.progress_message} error={d.error} />
      <Alert tone="info" className="mt-4 md:hidden">
        {t('dubbing.phoneNotice')}
      </Alert>
      {d.media_metadata.duration > DUBBING_EDITOR_RECOMMENDED_SECONDS && (
        <Alert tone="warning" className="mt-4">
          {t('dubbing.longNotice', { minutes: DUBBING_EDITOR_RECOMMENDED_SECONDS / 60 })}
        </Alert>
      )}
      {held === false && (
        <Alert tone="warning" className="mt-4">
          {t('dubbing.alreadyEdited')}
        </Alert>
      )}
      {done && (
        <>
          <div className="mt-4 flex flex-wrap items-end gap-3">
            <LabelledSelect
              label={t('dubbing.language')}
              value={lang}
              onChange={setLanguage}
              options={d.target_languages.map((code) => ({
                value: code,
                label: DUBBING_LANGUAGES[code] ?? code,
              }))}
            />
            <ExportMenu
              id={id}
              language={lang}
              isVideo={d.media_metadata.content_type.startsWith('video/')}
            />
          </div>
          <Button variant="secondary" className="mt-4" onClick={() => playFrom(0)} data-testid="dub-play">
            {t('dubbing.play')}
          </Button>
          {resource.data && (
            <>
              <DubTimeline
                resource={resource.data}
                language={lang}
                duration={d.media_metadata.duration}
                audioUrl={audioUrl}
                readOnly={held === false}
                selected={selected}
                onSelect={setSelected}
                onPlace={place}
                onPlay={playFrom}
              />
              <Speakers
                id={id}
                resource={resource.data}
                language={lang}
                readOnly={held === false}
                selected={selected}
                onPlay={playFrom}
              />
            </>
          )}
        </>
      )}
    </div>
  )
}

function ExportMenu({ id, language, isVideo }: { id: string; language: string; isVideo: boolean }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const formats = EXPORTS.filter((f) => f !== 'mp4' || isVideo)
  const [format, setFormat] = useState<ExportFormat>(formats[0] ?? 'mp3')
  const [pending, setPending] = useState(false)
  const download = async () => {
    setPending(true)
    try {
      const { blob, fileName } = await exportDub(id, language, format)
      const url = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = url
      a.download = fileName
      a.click()
      URL.revokeObjectURL(url)
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setPending(false)
    }
  }
  return (
    <div className="flex items-end gap-2">
      <LabelledSelect
        label={t('dubbing.exportFormat')}
        value={format}
        onChange={setFormat}
        options={formats.map((f) => ({ value: f, label: t(`dubbing.formats.${f}`) }))}
        data-testid="dub-export-format"
      />
      <Button variant="secondary" loading={pending} onClick={() => void download()} data-testid="dub-export">
        {t('dubbing.download')}
      </Button>
    </div>
  )
}

function Speakers(props: {
  id: string
  resource: DubResource
  language: string
  readOnly: boolean
  selected: string | null
  onPlay: (seconds: number) => void
}) {
  const { t } = useTranslation()
  const tracks = Object.values(props.resource.speaker_tracks)
  return (
    <div className="mt-6 space-y-6">
      {tracks.map((track) => (
        <section key={track.id} className="rounded-2xl border border-neutral-200 bg-white p-4">
          <h2 className="text-base font-semibold text-neutral-900">{track.speaker_name}</h2>
          <ul className="mt-3 space-y-4">
            {track.segments
              .map((sid) => props.resource.speaker_segments[sid])
              .filter((s) => s !== undefined)
              .sort((a, b) => a.start_time - b.start_time)
              .map((segment) => (
                <SegmentRow
                  // A clip moved on the timeline comes back with new times: the row starts over.
                  key={`${segment.id}-${props.language}-${segment.dubs[props.language]?.start_time}-${segment.dubs[props.language]?.end_time}`}
                  {...props}
                  selected={props.selected === segment.id}
                  segment={segment}
                />
              ))}
          </ul>
          {track.segments.length === 0 && (
            <p className="text-sm text-neutral-600">{t('dubbing.noSegments')}</p>
          )}
        </section>
      ))}
    </div>
  )
}

type Segment = DubResource['speaker_segments'][string]

function SegmentRow(props: {
  id: string
  language: string
  readOnly: boolean
  segment: Segment
  selected: boolean
  onPlay: (seconds: number) => void
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const dub = props.segment.dubs[props.language]
  const [text, setText] = useState(dub?.text ?? '')
  const [start, setStart] = useState(String(dub?.start_time.toFixed(2) ?? ''))
  const [end, setEnd] = useState(String(dub?.end_time.toFixed(2) ?? ''))
  const [busy, setBusy] = useState<'save' | 'redub' | null>(null)
  const row = useRef<HTMLLIElement>(null)
  useEffect(() => {
    if (props.selected) row.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
  }, [props.selected])
  const changed = useMemo(
    () =>
      !!dub &&
      (text !== dub.text ||
        Number(start) !== Number(dub.start_time.toFixed(2)) ||
        Number(end) !== Number(dub.end_time.toFixed(2))),
    [dub, text, start, end],
  )
  if (!dub) return null
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['dub-resource', props.id] })
  const run = async (kind: 'save' | 'redub', work: () => Promise<unknown>, done: string) => {
    setBusy(kind)
    try {
      await work()
      await refresh()
      toast({ title: done })
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setBusy(null)
    }
  }
  const save = () =>
    run(
      'save',
      () =>
        updateSegment(props.id, props.segment.id, props.language, {
          text,
          start_time: Number(start),
          end_time: Number(end),
        }),
      t('dubbing.saved'),
    )
  const redub = () =>
    run(
      'redub',
      async () => {
        if (changed)
          await updateSegment(props.id, props.segment.id, props.language, {
            text,
            start_time: Number(start),
            end_time: Number(end),
          })
        await redubSegments(props.id, [props.segment.id], [props.language])
      },
      t('dubbing.redubbed'),
    )
  const field = 'w-24 rounded-lg border border-neutral-300 px-2 py-1 text-sm tabular-nums'
  return (
    <li
      ref={row}
      className={`grid gap-2 rounded-lg p-1 md:grid-cols-[10rem_1fr_1fr_auto] ${props.selected ? 'bg-accent-50' : ''}`}
      data-testid="dub-segment"
    >
      <div className="flex gap-2 md:flex-col">
        <label className="text-xs text-neutral-600">
          {t('dubbing.start_time')}
          <input
            className={field}
            type="number"
            step="0.01"
            min={0}
            value={start}
            disabled={props.readOnly}
            onChange={(e) => setStart(e.target.value)}
          />
        </label>
        <label className="text-xs text-neutral-600">
          {t('dubbing.end_time')}
          <input
            className={field}
            type="number"
            step="0.01"
            min={0}
            value={end}
            disabled={props.readOnly}
            onChange={(e) => setEnd(e.target.value)}
          />
        </label>
      </div>
      <p className="text-sm text-neutral-700">{props.segment.text}</p>
      <label className="text-xs text-neutral-600">
        <span className="sr-only">{t('dubbing.translation')}</span>
        <textarea
          className="min-h-16 w-full rounded-lg border border-neutral-300 px-2 py-1 text-sm text-neutral-900"
          value={text}
          disabled={props.readOnly}
          aria-label={t('dubbing.translation')}
          onChange={(e) => setText(e.target.value)}
          data-testid="dub-translation"
        />
        <span className="text-neutral-500">
          {dub.translation_provider === 'manual'
            ? t('dubbing.manual')
            : t('dubbing.machine', { provider: dub.translation_provider })}
          {dub.audio_stale ? ` · ${t('dubbing.stale')}` : ''}
        </span>
      </label>
      <div className="flex gap-2 md:flex-col">
        <Button
          variant="secondary"
          disabled={props.readOnly || !changed}
          loading={busy === 'save'}
          onClick={() => void save()}
        >
          {t('dubbing.save')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => props.onPlay(dub.start_time)}
          data-testid="dub-play-segment"
        >
          {t('dubbing.playFrom')}
        </Button>
        <Button
          disabled={props.readOnly}
          loading={busy === 'redub'}
          onClick={() => void redub()}
          data-testid="dub-redub"
        >
          {t('dubbing.redub')}
        </Button>
      </div>
    </li>
  )
}

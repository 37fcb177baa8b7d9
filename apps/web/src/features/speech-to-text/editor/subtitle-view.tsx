import {
  SUBTITLE_LINES_PER_CUE,
  TRANSCRIPT_EXPORT_DEFAULTS,
  TRANSCRIPT_EXPORT_LIMITS,
} from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { NumberField } from '../../../components/number-field'
import { Spinner } from '../../../components/spinner'
import { useErrorText } from '../../../i18n/use-error-text'
import type { CueLimits } from './editor-api'
import { useCues } from './editor-queries'

const DEFAULTS: CueLimits = {
  maxCharactersPerLine: TRANSCRIPT_EXPORT_DEFAULTS.srt.max_characters_per_line ?? 42,
  maxSegmentDurationS: TRANSCRIPT_EXPORT_DEFAULTS.srt.max_segment_duration_s ?? 7,
}

/** "0:03.2" */
function cueClock(seconds: number): string {
  const m = Math.floor(seconds / 60)
  const s = (seconds - m * 60).toFixed(1).padStart(4, '0')
  return `${m}:${s}`
}

/** Whole numbers within the limits, or the default while the field is being typed in. */
function limitOf(value: string, min: number, max: number, fallback: number): number {
  const n = Number(value)
  return value.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : fallback
}

/**
 * The transcript as subtitle cues, cut by the server exactly as its SRT and WebVTT downloads are,
 * under the limits chosen here; a click on a cue plays from it, the cue playing is marked.
 */
export function SubtitleView({
  transcriptId,
  version,
  time,
  onPlay,
}: {
  transcriptId: string
  version: number
  time: number | null
  onPlay: (seconds: number) => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [chars, setChars] = useState(String(DEFAULTS.maxCharactersPerLine))
  const [duration, setDuration] = useState(String(DEFAULTS.maxSegmentDurationS))
  const limits: CueLimits = {
    maxCharactersPerLine: limitOf(
      chars,
      TRANSCRIPT_EXPORT_LIMITS.characters_per_line_min,
      200,
      DEFAULTS.maxCharactersPerLine,
    ),
    maxSegmentDurationS: limitOf(duration, 1, 60, DEFAULTS.maxSegmentDurationS),
  }
  const cues = useCues(transcriptId, limits, version)

  return (
    <section className="mt-4" data-testid="subtitle-view">
      <div className="grid gap-3 sm:grid-cols-3">
        <NumberField
          label={t('transcriptEditor.charsPerLine')}
          min={TRANSCRIPT_EXPORT_LIMITS.characters_per_line_min}
          max={200}
          value={chars}
          onChange={(event) => setChars(event.target.value)}
          data-testid="cue-chars"
        />
        <NumberField
          label={t('transcriptEditor.maxDuration')}
          min={1}
          max={60}
          value={duration}
          onChange={(event) => setDuration(event.target.value)}
        />
        <p className="self-end pb-2 text-xs text-neutral-600">
          {t('transcriptEditor.linesPerCue', { n: SUBTITLE_LINES_PER_CUE })}
        </p>
      </div>
      <p className="mt-2 text-xs text-neutral-500">{t('transcriptEditor.subtitlesHint')}</p>
      {cues.isError && (
        <Alert tone="error" className="mt-3">
          {errorText(cues.error)}
        </Alert>
      )}
      {cues.isPending && <Spinner className="mt-4 size-5" />}
      {cues.data && cues.data.cues.length === 0 && (
        <p className="mt-4 text-sm text-neutral-600">{t('transcriptEditor.noCues')}</p>
      )}
      <ol className="mt-4 space-y-2" data-testid="subtitle-cues">
        {cues.data?.cues.map((cue, n) => {
          const playing =
            time !== null && cue.start !== null && cue.end !== null && time >= cue.start && time < cue.end
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: cues are numbered by their order, as in an SRT file.
            <li key={n}>
              <button
                type="button"
                aria-current={playing ? 'true' : undefined}
                onClick={() => cue.start !== null && onPlay(cue.start)}
                className={`flex w-full gap-4 rounded-xl border px-4 py-3 text-left focus-visible:outline-2 focus-visible:outline-accent-600 ${
                  playing
                    ? 'border-accent-500 bg-accent-50'
                    : 'border-neutral-200 bg-white hover:bg-neutral-50'
                }`}
              >
                <span className="w-28 shrink-0 text-xs text-neutral-500 tabular-nums">
                  <span className="block font-medium text-neutral-700">
                    {t('transcriptEditor.cueLabel', { n: n + 1 })}
                  </span>
                  {cue.start !== null && cue.end !== null && `${cueClock(cue.start)} → ${cueClock(cue.end)}`}
                </span>
                <span className="min-w-0 font-mono text-sm text-neutral-900" data-testid="cue-lines">
                  {cue.lines.map((line, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: lines keep their order
                    <span key={i} className="block">
                      {line}
                    </span>
                  ))}
                </span>
              </button>
            </li>
          )
        })}
      </ol>
    </section>
  )
}

import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { PageSpinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { saveBlob } from '../../lib/save-blob'
import { routes } from '../../routes'
import { clock, paragraphsOf, speakerNumber, transcriptText } from './transcript-paragraphs'
import { useTranscript } from './transcript-queries'

/** One transcript, read as paragraphs by speaker and time, with a text download. */
export function TranscriptPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const { id = '' } = useParams()
  const transcript = useTranscript(id)
  const paragraphs = useMemo(() => paragraphsOf(transcript.data?.words ?? []), [transcript.data])
  const speakerName = (speaker: string) => t('speechToText.speaker', { n: speakerNumber(speaker) })

  const download = () => {
    const blob = new Blob([transcriptText(paragraphs, speakerName)], { type: 'text/plain;charset=utf-8' })
    saveBlob(blob, `transcript-${id}.txt`)
  }

  return (
    <div>
      <Link
        to={routes.speechToText}
        className="text-sm font-medium text-accent-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        {t('speechToText.back')}
      </Link>
      {transcript.isPending && <PageSpinner label={t('common.loading')} />}
      {transcript.isError && (
        <Alert tone="error" className="mt-4">
          {errorText(transcript.error)}
        </Alert>
      )}
      {transcript.data && (
        <>
          <div className="mt-3 flex flex-wrap items-start gap-3">
            <div className="min-w-0 flex-1">
              <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
                {t('speechToText.transcript')}
              </h1>
              <p className="mt-1 text-sm text-neutral-600 tabular-nums">
                {t('speechToText.details', {
                  seconds: Math.round(transcript.data.audio_duration_secs),
                  language: transcript.data.language_code,
                })}
              </p>
            </div>
            <Button variant="secondary" onClick={download} disabled={paragraphs.length === 0}>
              {t('speechToText.downloadText')}
            </Button>
          </div>
          {paragraphs.length === 0 ? (
            <p className="mt-6 text-sm text-neutral-600">{t('speechToText.noSpeech')}</p>
          ) : (
            <ol className="mt-6 space-y-4" data-testid="transcript-paragraphs">
              {paragraphs.map((paragraph, index) => (
                <li
                  // Paragraphs never move within a transcript: their order is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={index}
                  className="rounded-xl border border-neutral-200 bg-white p-4"
                >
                  <p className="flex flex-wrap gap-x-2 text-xs font-medium text-neutral-500 tabular-nums">
                    {paragraph.start !== null && <span>{clock(paragraph.start)}</span>}
                    {paragraph.speaker && (
                      <span className="text-accent-700" data-testid="transcript-speaker">
                        {speakerName(paragraph.speaker)}
                      </span>
                    )}
                  </p>
                  <p className="mt-1 text-sm leading-relaxed text-neutral-900 [overflow-wrap:anywhere]">
                    {paragraph.parts.map((part, i) =>
                      part.event ? (
                        // biome-ignore lint/suspicious/noArrayIndexKey: words keep their order
                        <em key={i} className="text-neutral-500">
                          {` ${part.text} `}
                        </em>
                      ) : (
                        `${i > 0 ? ' ' : ''}${part.text}`
                      ),
                    )}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  )
}

import { TRANSCRIPT_EXPORT_FORMATS, type TranscriptExportFormat } from '@timbre/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { LabelledSelect } from '../../components/select'
import { PageSpinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { saveBlob } from '../../lib/save-blob'
import { routes } from '../../routes'
import { TranscriptEditor } from './editor/transcript-editor'
import { exportTranscript } from './speech-to-text-api'
import { languageName, paragraphsOf } from './transcript-paragraphs'
import { useTranscript } from './transcript-queries'

/** One transcript, read as paragraphs by speaker and time, with downloads in every export format. */
export function TranscriptPage() {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const toast = useToast()
  const { id = '' } = useParams()
  const transcript = useTranscript(id)
  const paragraphs = useMemo(() => paragraphsOf(transcript.data?.words ?? []), [transcript.data])

  const [format, setFormat] = useState<TranscriptExportFormat>('srt')
  const [exporting, setExporting] = useState(false)
  const download = async () => {
    setExporting(true)
    try {
      const file = await exportTranscript(id, format)
      saveBlob(file.blob, file.fileName)
    } catch (error) {
      toast({ title: errorText(error), tone: 'error' })
    } finally {
      setExporting(false)
    }
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
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div className="min-w-56 flex-1">
              <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">
                {t('speechToText.transcript')}
              </h1>
              <p className="mt-1 text-sm text-neutral-600 tabular-nums">
                {t('speechToText.details', {
                  seconds: Math.round(transcript.data.audio_duration_secs),
                  language: languageName(transcript.data.language_code, i18n.language),
                })}
              </p>
            </div>
            <div className="flex items-end gap-2">
              <LabelledSelect
                label={t('speechToText.exportFormat')}
                value={format}
                onChange={setFormat}
                options={TRANSCRIPT_EXPORT_FORMATS.map((value) => ({
                  value,
                  label: t(`speechToText.formats.${value}`),
                }))}
              />
              <Button
                variant="secondary"
                onClick={() => void download()}
                loading={exporting}
                disabled={paragraphs.length === 0}
              >
                {t('speechToText.download')}
              </Button>
            </div>
          </div>
          <TranscriptEditor transcriptId={id} />
        </>
      )}
    </div>
  )
}

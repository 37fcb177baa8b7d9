import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { Segmented } from '../../../components/segmented'
import { PageSpinner } from '../../../components/spinner'
import { useToast } from '../../../components/toaster'
import { useErrorText } from '../../../i18n/use-error-text'
import { player } from '../../player/player-store'
import { speakerNumber } from '../transcript-paragraphs'
import type { Edit, EditorWord } from './editor-api'
import { useEdit, useEditor } from './editor-queries'
import { type SegmentActions, SegmentCard } from './segment-card'
import { SpeakersBar } from './speakers-bar'
import { SubtitleView } from './subtitle-view'
import { TranscriptWaveform } from './transcript-waveform'
import { usePlayerTime } from './use-player-time'
import { useWideScreen } from './use-wide-screen'

type View = 'transcript' | 'subtitles'

/** The spoken word the player is on: the last one started by `time`. */
export function wordAt(words: readonly EditorWord[], time: number | null): number | null {
  if (time === null) return null
  let found: number | null = null
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!
    if (word.type === 'spacing' || word.start === null) continue
    if (word.start > time + 1e-3) break
    found = i
  }
  return found
}

/**
 * The transcript editor: the waveform, speakers, and segments of words that play from where they
 * are clicked in the persistent player; on a wide screen words are edited in place, speakers
 * renamed and merged, segments split and joined; a subtitle view shows the cues.
 */
export function TranscriptEditor({ transcriptId }: { transcriptId: string }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const editor = useEditor(transcriptId)
  const edit = useEdit(transcriptId)
  const wide = useWideScreen()
  const [view, setView] = useState<View>('transcript')
  const [selected, setSelected] = useState<number | null>(null)
  const doc = editor.data
  const audioUrl = doc?.audio.url ?? null
  const time = usePlayerTime(audioUrl)
  const active = useMemo(() => (doc ? wordAt(doc.words, time) : null), [doc, time])

  const speakerLabel = useCallback(
    (id: string) =>
      doc?.speakers.find((s) => s.speaker_id === id)?.name ??
      t('speechToText.speaker', { n: speakerNumber(id) }),
    [doc, t],
  )

  const playFrom = useCallback(
    (seconds: number) => {
      if (!audioUrl || !doc) return
      if (player.current()?.src === audioUrl) {
        player.playFrom(seconds)
        return
      }
      player.load({
        type: 'transcript',
        historyItemId: null,
        title: doc.file_name,
        text: doc.text.slice(0, 300),
        voiceId: null,
        voiceName: t('speechToText.transcript'),
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
    [audioUrl, doc, t],
  )

  const run = useCallback(
    async (change: Edit): Promise<boolean> => {
      try {
        await edit.mutateAsync(change)
        return true
      } catch (error) {
        toast({ title: errorText(error), tone: 'error' })
        return false
      }
    },
    [edit, toast, errorText],
  )

  const actions: SegmentActions = useMemo(
    () => ({
      playFrom,
      select: setSelected,
      saveWord: (index, text) => run({ kind: 'words', from: index, to: index, text }),
      split: (index) => {
        setSelected(null)
        void run({ kind: 'split', at: index })
      },
      join: (segment) => void run({ kind: 'join', segment }),
    }),
    [playFrom, run],
  )

  if (editor.isPending) return <PageSpinner label={t('common.loading')} />
  if (editor.isError) return <Alert tone="error">{errorText(editor.error)}</Alert>
  if (!doc) return null
  const editable = wide
  const busy = edit.isPending
  const current =
    active === null ? null : doc.segments.find((s) => active >= s.start_index && active <= s.end_index)

  return (
    <div className="mt-4" data-testid="transcript-editor" data-version={doc.version}>
      {doc.audio.available ? (
        <TranscriptWaveform
          peaks={doc.peaks}
          duration={doc.audio_duration_secs}
          time={time}
          highlight={
            current && current.start !== null && current.end !== null
              ? { start: current.start, end: current.end }
              : null
          }
          onSeek={playFrom}
        />
      ) : (
        <p className="text-xs text-neutral-500">{t('transcriptEditor.noAudio')}</p>
      )}
      {!wide && (
        <div className="mt-4" data-testid="editor-read-only">
          <Alert tone="info">{t('transcriptEditor.readOnly')}</Alert>
        </div>
      )}
      <SpeakersBar
        speakers={doc.speakers}
        label={speakerLabel}
        editable={editable}
        busy={busy}
        onRename={(speaker, name) => run({ kind: 'rename', speaker, name })}
        onMerge={(speaker, into) => run({ kind: 'merge', speaker, into })}
      />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <Segmented
          label={t('transcriptEditor.view')}
          value={view}
          onChange={setView}
          options={[
            { value: 'transcript', label: t('transcriptEditor.tabTranscript') },
            { value: 'subtitles', label: t('transcriptEditor.tabSubtitles') },
          ]}
        />
        {editable && view === 'transcript' && (
          <p className="text-xs text-neutral-500" aria-live="polite">
            {busy ? t('transcriptEditor.saving') : t('transcriptEditor.editHint')}
          </p>
        )}
      </div>
      {view === 'subtitles' ? (
        <SubtitleView transcriptId={transcriptId} version={doc.version} time={time} onPlay={playFrom} />
      ) : doc.segments.length === 0 ? (
        <p className="mt-6 text-sm text-neutral-600">{t('speechToText.noSpeech')}</p>
      ) : (
        <ol className="mt-4 space-y-3" data-testid="transcript-paragraphs">
          {doc.segments.map((segment, index) => (
            <SegmentCard
              key={`${segment.start_index}-${doc.version}`}
              segment={segment}
              index={index}
              words={doc.words}
              speakerLabel={segment.speaker_id ? speakerLabel(segment.speaker_id) : null}
              activeWord={
                active !== null && active >= segment.start_index && active <= segment.end_index
                  ? active
                  : null
              }
              selected={selected}
              isLast={index === doc.segments.length - 1}
              editable={editable}
              busy={busy}
              actions={actions}
            />
          ))}
        </ol>
      )}
    </div>
  )
}

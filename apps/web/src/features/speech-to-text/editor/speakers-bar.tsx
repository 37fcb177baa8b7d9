import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { Select } from '../../../components/select'
import type { EditorDocument } from './editor-api'

/** The small buttons of a row of chips. */
export const SMALL = 'min-h-8 px-2.5 py-1 text-xs'

/**
 * The transcript's speakers: each named (or numbered), and when editing, renamed in place or
 * merged into another speaker.
 */
export function SpeakersBar({
  speakers,
  label,
  editable,
  busy,
  onRename,
  onMerge,
}: {
  speakers: EditorDocument['speakers']
  label: (speakerId: string) => string
  editable: boolean
  busy: boolean
  onRename: (speakerId: string, name: string) => Promise<unknown>
  onMerge: (speakerId: string, into: string) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const [renaming, setRenaming] = useState<string | null>(null)
  const [draft, setDraft] = useState('')
  if (speakers.length === 0) return null

  const submit = async (event: FormEvent, speakerId: string) => {
    event.preventDefault()
    await onRename(speakerId, draft)
    setRenaming(null)
  }

  return (
    <section aria-label={t('transcriptEditor.speakers')} className="mt-4">
      <h2 className="text-sm font-medium text-neutral-800">{t('transcriptEditor.speakers')}</h2>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid="transcript-speakers">
        {speakers.map((speaker) => (
          <li
            key={speaker.speaker_id}
            className="flex flex-wrap items-center gap-2 rounded-xl border border-neutral-200 bg-white px-3 py-2"
          >
            {renaming === speaker.speaker_id ? (
              <form
                className="flex items-center gap-2"
                onSubmit={(event) => void submit(event, speaker.speaker_id)}
              >
                <input
                  // biome-ignore lint/a11y/noAutofocus: the field opens on the reader's own click to rename.
                  autoFocus
                  aria-label={t('transcriptEditor.renameLabel', { speaker: label(speaker.speaker_id) })}
                  value={draft}
                  maxLength={50}
                  onChange={(event) => setDraft(event.target.value)}
                  onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)}
                  className="h-8 w-40 rounded-lg border border-neutral-300 bg-white px-2 text-sm text-neutral-900 outline-none focus:border-accent-500"
                />
                <Button type="submit" className={SMALL} loading={busy}>
                  {t('transcriptEditor.save')}
                </Button>
                <Button type="button" className={SMALL} variant="ghost" onClick={() => setRenaming(null)}>
                  {t('transcriptEditor.cancel')}
                </Button>
              </form>
            ) : (
              <span className="text-sm font-medium text-accent-700" data-testid="speaker-name">
                {label(speaker.speaker_id)}
              </span>
            )}
            {editable && renaming !== speaker.speaker_id && (
              <>
                <Button
                  className={SMALL}
                  variant="ghost"
                  onClick={() => {
                    setDraft(speaker.name ?? '')
                    setRenaming(speaker.speaker_id)
                  }}
                >
                  {t('transcriptEditor.rename')}
                </Button>
                {speakers.length > 1 && (
                  <Select
                    aria-label={t('transcriptEditor.mergeInto', { speaker: label(speaker.speaker_id) })}
                    value=""
                    disabled={busy}
                    className="h-8 rounded-lg border border-neutral-300 bg-white px-2 text-xs text-neutral-700"
                    onChange={(into) => into && void onMerge(speaker.speaker_id, into)}
                    options={[
                      {
                        value: '',
                        label: t('transcriptEditor.mergeInto', { speaker: label(speaker.speaker_id) }),
                      },
                      ...speakers
                        .filter((other) => other.speaker_id !== speaker.speaker_id)
                        .map((other) => ({ value: other.speaker_id, label: label(other.speaker_id) })),
                    ]}
                  />
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

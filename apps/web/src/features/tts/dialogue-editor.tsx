import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { Icon } from '../../components/icon'
import type { Voice } from '../../lib/api-types'
import { DIALOGUE_MAX_ROWS, type DialogueRow } from './dialogue'
import { VoicePicker } from './voice-picker'

/** Up to 50 lines, each spoken by its own voice. */
export function DialogueEditor({
  rows,
  onChange,
  voices,
  onVoiceSeen,
}: {
  rows: DialogueRow[]
  onChange: (rows: DialogueRow[]) => void
  voices: Map<string, Voice>
  onVoiceSeen: (voice: Voice) => void
}) {
  const { t } = useTranslation()
  const update = (index: number, patch: Partial<DialogueRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)))
  const remove = (index: number) => onChange(rows.filter((_, i) => i !== index))
  const add = () => {
    // A new line alternates with the voice of the line before the last, like a conversation.
    const voiceId = rows.at(-2)?.voice_id ?? rows.at(-1)?.voice_id ?? ''
    onChange([...rows, { voice_id: voiceId, text: '' }])
  }
  return (
    <div>
      <ol className="space-y-3">
        {rows.map((row, index) => (
          <li
            // Rows have no identity of their own; the index keeps focus on the row being typed in.
            // biome-ignore lint/suspicious/noArrayIndexKey: the row order is the identity here.
            key={index}
            className="rounded-xl border border-neutral-200 p-3"
          >
            <div className="flex items-center gap-2">
              <div className="min-w-0 flex-1 sm:max-w-64">
                <VoicePicker
                  compact
                  label={t('tts.lineVoice', { n: index + 1 })}
                  voice={voices.get(row.voice_id) ?? null}
                  onChange={(voice) => {
                    onVoiceSeen(voice)
                    update(index, { voice_id: voice.voice_id })
                  }}
                />
              </div>
              <button
                type="button"
                onClick={() => remove(index)}
                aria-label={t('tts.removeLine', { n: index + 1 })}
                className="ml-auto inline-flex size-9 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <Icon name="trash" className="size-4" />
              </button>
            </div>
            <textarea
              value={row.text}
              onChange={(event) => update(index, { text: event.target.value })}
              aria-label={t('tts.lineText', { n: index + 1 })}
              placeholder={t('tts.linePlaceholder')}
              rows={2}
              className="mt-2 block w-full resize-y rounded-lg border-0 bg-transparent p-1 text-[15px] leading-relaxed text-neutral-900 placeholder:text-neutral-400 focus:outline-2 focus:outline-accent-600/30"
            />
          </li>
        ))}
      </ol>
      <Button variant="secondary" className="mt-3" onClick={add} disabled={rows.length >= DIALOGUE_MAX_ROWS}>
        <Icon name="plus" className="size-4" />
        {t('tts.addLine')}
      </Button>
      {rows.length >= DIALOGUE_MAX_ROWS && (
        <p className="mt-2 text-xs text-neutral-500">{t('tts.maxLines', { max: DIALOGUE_MAX_ROWS })}</p>
      )}
    </div>
  )
}

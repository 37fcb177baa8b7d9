import { type Editor, useEditorState } from '@tiptap/react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { Segmented } from '../../../components/segmented'
import { TextField } from '../../../components/text-field'
import { useErrorText } from '../../../i18n/use-error-text'
import { speakWithTimestamps } from '../../tts/tts-api'
import { addProjectRule } from './pronunciation-api'

/** A selection this long or shorter, on one line, is a word (or a name) to pronounce. */
const WORD_MAX = 40

/**
 * Pronunciation of the selected word, in place: hear it as the block's voice says it, give it an
 * alias or phonemes, add the rule to the project's dictionary (every chapter then uses it) and
 * hear it again with the rule.
 */
export function PronunciationPanel({
  editor,
  projectId,
  modelId,
}: {
  editor: Editor
  projectId: string
  modelId: string
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const selected = useEditorState({
    editor,
    selector: ({ editor }) => {
      const { from, to, $from } = editor.state.selection
      const word = editor.state.doc.textBetween(from, to).trim()
      const voiceId = $from.depth >= 1 ? String($from.node(1).attrs.voiceId ?? '') : ''
      return { word, voiceId }
    },
  })
  const [kind, setKind] = useState<'alias' | 'phoneme'>('alias')
  const [replacement, setReplacement] = useState('')
  const [locator, setLocator] = useState<{ pronunciation_dictionary_id: string; version_id: string } | null>(
    null,
  )
  const [busy, setBusy] = useState<'hear' | 'add' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [added, setAdded] = useState(false)
  const { word, voiceId } = selected
  if (!word || word.length > WORD_MAX || /\s{2,}|\n/.test(word) || !voiceId) return null

  const hear = async () => {
    setBusy('hear')
    setError(null)
    try {
      const spoken = await speakWithTimestamps(
        voiceId,
        { text: word, model_id: modelId, pronunciation_dictionary_locators: locator ? [locator] : [] },
        'mp3_22050_32',
      )
      // Heard as soon as it can play; the panel does not wait for the end.
      void new Audio(`data:audio/mpeg;base64,${spoken.audio_base64}`).play().catch(() => undefined)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(null)
    }
  }

  const add = async (event: FormEvent) => {
    event.preventDefault()
    if (!replacement.trim()) return
    setBusy('add')
    setError(null)
    try {
      const rule =
        kind === 'alias'
          ? {
              type: 'alias' as const,
              string_to_replace: word,
              alias: replacement.trim(),
              case_sensitive: false,
              word_boundaries: true,
            }
          : {
              type: 'phoneme' as const,
              string_to_replace: word,
              phoneme: replacement.trim(),
              alphabet: 'ipa' as const,
              case_sensitive: false,
              word_boundaries: true,
            }
      setLocator(await addProjectRule(projectId, rule))
      setAdded(true)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setBusy(null)
    }
  }

  return (
    <section
      aria-label={t('studio.pronounce.title', { word })}
      className="space-y-2 rounded-xl border border-neutral-200 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-neutral-800">{t('studio.pronounce.title', { word })}</span>
        <Button variant="secondary" loading={busy === 'hear'} onClick={() => void hear()}>
          {t('studio.pronounce.hear')}
        </Button>
      </div>
      <form onSubmit={(e) => void add(e)} className="flex flex-wrap items-end gap-2">
        <Segmented
          label={t('studio.pronounce.kind')}
          value={kind}
          onChange={setKind}
          options={[
            { value: 'alias', label: t('studio.pronounce.alias') },
            { value: 'phoneme', label: t('studio.pronounce.phoneme') },
          ]}
        />
        <TextField
          label={kind === 'alias' ? t('studio.pronounce.aliasLabel') : t('studio.pronounce.phonemeLabel')}
          value={replacement}
          maxLength={200}
          onChange={(e) => {
            setReplacement(e.target.value)
            setAdded(false)
          }}
        />
        <Button type="submit" loading={busy === 'add'} disabled={!replacement.trim()}>
          {t('studio.pronounce.add')}
        </Button>
      </form>
      {added && (
        <p role="status" className="text-emerald-700">
          {t('studio.pronounce.added', { word })}
        </p>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  )
}

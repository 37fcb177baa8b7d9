import { memo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/button'
import { clock } from '../transcript-paragraphs'
import type { EditorSegment, EditorWord } from './editor-api'
import { SMALL } from './speakers-bar'

export interface SegmentActions {
  playFrom: (seconds: number) => void
  select: (index: number | null) => void
  saveWord: (index: number, text: string) => Promise<boolean>
  split: (index: number) => void
  join: (segment: number) => void
}

/**
 * One segment: its time and speaker, then its words. A click on a word plays from it and selects
 * it; a selected word can be edited in place (Enter saves, Escape cancels) or start a new segment.
 */
export const SegmentCard = memo(function SegmentCard({
  segment,
  index,
  words,
  speakerLabel,
  activeWord,
  selected,
  isLast,
  editable,
  busy,
  actions,
}: {
  segment: EditorSegment
  index: number
  words: readonly EditorWord[]
  speakerLabel: string | null
  /** The word the player is on, when it is in this segment. */
  activeWord: number | null
  selected: number | null
  isLast: boolean
  editable: boolean
  busy: boolean
  actions: SegmentActions
}) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<number | null>(null)
  const [draft, setDraft] = useState('')
  const own = words.slice(segment.start_index, segment.end_index + 1)
  const startEdit = (at: number) => {
    if (!editable) return
    setDraft(words[at]?.text ?? '')
    setEditing(at)
  }
  const save = async () => {
    if (editing === null) return
    if (await actions.saveWord(editing, draft)) setEditing(null)
  }
  const chosen =
    selected !== null && selected >= segment.start_index && selected <= segment.end_index ? selected : null
  const chosenWord = chosen === null ? null : words[chosen]

  return (
    <li className="rounded-xl border border-neutral-200 bg-white p-4" data-testid="transcript-segment">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs font-medium text-neutral-500 tabular-nums">
        {segment.start !== null && (
          <button
            type="button"
            className="rounded hover:text-accent-700 focus-visible:outline-2 focus-visible:outline-accent-600"
            onClick={() => segment.start !== null && actions.playFrom(segment.start)}
          >
            {clock(segment.start)}
          </button>
        )}
        {speakerLabel && (
          <span className="text-accent-700" data-testid="transcript-speaker">
            {speakerLabel}
          </span>
        )}
        {editable && !isLast && (
          <Button
            variant="ghost"
            className={`${SMALL} ml-auto`}
            disabled={busy}
            onClick={() => actions.join(index)}
            data-testid="join-segment"
          >
            {t('transcriptEditor.join')}
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm leading-relaxed text-neutral-900 [overflow-wrap:anywhere]">
        {own.map((word, i) => {
          const at = segment.start_index + i
          if (word.type === 'spacing') return ' '
          if (word.type === 'audio_event')
            return (
              <em key={at} className="text-neutral-500">
                {` ${word.text} `}
              </em>
            )
          if (editing === at)
            return (
              <input
                key={at}
                // biome-ignore lint/a11y/noAutofocus: the field opens on the reader's own request to edit this word.
                autoFocus
                aria-label={t('transcriptEditor.wordLabel', { word: word.text })}
                data-testid="word-input"
                value={draft}
                disabled={busy}
                size={Math.max(4, [...draft].length + 1)}
                onChange={(event) => setDraft(event.target.value)}
                onBlur={() => setEditing(null)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault()
                    void save()
                  } else if (event.key === 'Escape') setEditing(null)
                }}
                className="rounded border border-accent-500 bg-white px-1 text-sm text-neutral-900 outline-none ring-3 ring-accent-100"
              />
            )
          const tone =
            activeWord === at
              ? 'bg-accent-600 text-white'
              : chosen === at
                ? 'bg-accent-100 text-accent-900'
                : 'hover:bg-neutral-100'
          return (
            <button
              key={at}
              type="button"
              data-testid="transcript-word"
              data-index={at}
              aria-current={activeWord === at ? 'true' : undefined}
              className={`rounded px-0.5 focus-visible:outline-2 focus-visible:outline-accent-600 ${tone}`}
              onClick={() => {
                actions.select(at)
                if (word.start !== null) actions.playFrom(word.start)
              }}
              onDoubleClick={() => startEdit(at)}
            >
              {word.text}
            </button>
          )
        })}
      </p>
      {editable && chosenWord && chosen !== null && editing === null && (
        <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-neutral-100 pt-3 text-xs text-neutral-600">
          <span className="mr-1">{t('transcriptEditor.selected', { word: chosenWord.text })}</span>
          <Button
            variant="secondary"
            className={SMALL}
            onClick={() => startEdit(chosen)}
            data-testid="edit-word"
          >
            {t('transcriptEditor.editWord')}
          </Button>
          {chosen !== segment.start_index && (
            <Button
              variant="secondary"
              className={SMALL}
              disabled={busy}
              onClick={() => actions.split(chosen)}
              data-testid="split-segment"
            >
              {t('transcriptEditor.split')}
            </Button>
          )}
          <Button variant="ghost" className={SMALL} onClick={() => actions.select(null)}>
            {t('transcriptEditor.cancel')}
          </Button>
        </div>
      )}
    </li>
  )
})

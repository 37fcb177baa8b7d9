import { FEEDBACK_TEXT_MAX } from '@timbre/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { CheckboxField } from '../../components/checkbox-field'
import { Modal, ModalActions } from '../../components/modal'
import type { HistoryFeedback } from '../../lib/api-types'
import {
  feedbackBody,
  feedbackLength,
  feedbackTextProblem,
  NEGATIVE_REASONS,
  type NegativeReason,
} from './feedback-form'
import { useSendFeedback } from './use-feedback'

type Props = {
  historyItemId: string
  thumbsUp: boolean
  previous: HistoryFeedback | null
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Thumbs up asks for an optional description; thumbs down for a checklist of what went wrong. */
export function FeedbackDialog({ historyItemId, thumbsUp, previous, open, onOpenChange }: Props) {
  const { t } = useTranslation()
  const textId = useId()
  const keep = previous && previous.thumbs_up === thumbsUp
  const [text, setText] = useState(keep ? previous.feedback : '')
  const [reasons, setReasons] = useState<NegativeReason[]>(
    keep ? NEGATIVE_REASONS.filter((reason) => previous[reason]) : [],
  )
  const [touched, setTouched] = useState(false)
  const send = useSendFeedback(historyItemId, () => onOpenChange(false))
  const problem = feedbackTextProblem(text, thumbsUp)
  const length = feedbackLength(text)
  const showProblem = problem && (touched || problem === 'tooLong')

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (problem) return
    send.mutate(feedbackBody(thumbsUp, text, reasons))
  }
  const toggle = (reason: NegativeReason, on: boolean) =>
    setReasons((current) => (on ? [...current, reason] : current.filter((r) => r !== reason)))

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={thumbsUp ? t('feedback.upTitle') : t('feedback.downTitle')}
      description={thumbsUp ? t('feedback.upBody') : t('feedback.downBody')}
    >
      <form onSubmit={submit} noValidate>
        {!thumbsUp && (
          <fieldset className="mb-5 space-y-3">
            <legend className="sr-only">{t('feedback.downTitle')}</legend>
            {NEGATIVE_REASONS.map((reason) => (
              <CheckboxField
                key={reason}
                checked={reasons.includes(reason)}
                onChange={(on) => toggle(reason, on)}
              >
                {t(`feedback.reasons.${reason}`)}
              </CheckboxField>
            ))}
          </fieldset>
        )}
        <div className="mb-1.5 flex items-baseline justify-between gap-2">
          <label htmlFor={textId} className="text-sm font-medium text-neutral-800">
            {t('common.optionalLabel', { label: t('feedback.textLabel') })}
          </label>
          <span
            className={`text-xs tabular-nums ${length > FEEDBACK_TEXT_MAX ? 'text-red-700' : 'text-neutral-500'}`}
            aria-live="polite"
          >
            {t('feedback.counter', { count: length, max: FEEDBACK_TEXT_MAX })}
          </span>
        </div>
        <textarea
          id={textId}
          value={text}
          rows={4}
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={showProblem ? true : undefined}
          aria-describedby={showProblem ? `${textId}-error` : undefined}
          placeholder={thumbsUp ? t('feedback.upPlaceholder') : t('feedback.downPlaceholder')}
          className="block w-full resize-y rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-400 focus:border-accent-600 focus:outline-2 focus:outline-accent-600/20 aria-invalid:border-red-500"
        />
        {showProblem && (
          <p id={`${textId}-error`} className="mt-1.5 text-sm text-red-700">
            {problem === 'tooShort'
              ? t('feedback.tooShort')
              : t('feedback.tooLong', { max: FEEDBACK_TEXT_MAX })}
          </p>
        )}
        <ModalActions>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('feedback.submit')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  )
}

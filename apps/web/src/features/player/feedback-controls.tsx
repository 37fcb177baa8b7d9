import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/icon'
import { useToast } from '../../components/toaster'
import type { HistoryFeedback } from '../../lib/api-types'
import { FeedbackDialog } from './feedback-dialog'
import { feedbackLocked } from './feedback-timing'

/** Thumbs up and down for a history item; reviewed feedback can no longer change. */
export function FeedbackControls({
  historyItemId,
  feedback,
  size = 'md',
}: {
  historyItemId: string
  feedback: HistoryFeedback | null
  size?: 'sm' | 'md'
}) {
  const { t } = useTranslation()
  const toast = useToast()
  const [open, setOpen] = useState<'up' | 'down' | null>(null)
  const locked = feedbackLocked(feedback)
  const choose = (which: 'up' | 'down') => {
    if (locked) {
      toast({ title: t('feedback.reviewed'), tone: 'info' })
      return
    }
    setOpen(which)
  }
  const button = (which: 'up' | 'down') => {
    const chosen = feedback ? feedback.thumbs_up === (which === 'up') : false
    return (
      <button
        type="button"
        aria-label={which === 'up' ? t('feedback.up') : t('feedback.down')}
        aria-pressed={chosen}
        aria-disabled={locked || undefined}
        title={locked ? t('feedback.reviewed') : undefined}
        onClick={() => choose(which)}
        className={`inline-flex items-center justify-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-accent-600 ${
          size === 'sm' ? 'size-8' : 'size-9'
        } ${chosen ? 'bg-accent-50 text-accent-700' : 'text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900'} ${
          locked ? 'cursor-not-allowed opacity-60' : ''
        }`}
      >
        <Icon name={which === 'up' ? 'thumbsUp' : 'thumbsDown'} className="size-[18px]" />
      </button>
    )
  }
  return (
    <fieldset className="m-0 flex items-center border-0 p-0">
      <legend className="sr-only">{t('feedback.group')}</legend>
      {button('up')}
      {button('down')}
      {open && (
        <FeedbackDialog
          historyItemId={historyItemId}
          thumbsUp={open === 'up'}
          previous={feedback}
          open
          onOpenChange={(next) => !next && setOpen(null)}
        />
      )}
    </fieldset>
  )
}

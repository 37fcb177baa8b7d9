import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { FeedbackRequest } from '../../lib/api-types'
import { sendFeedback } from '../history/history-api'
import { player } from './player-store'

/** POST /v1/history/{id}/feedback; the player and the history list take the new feedback. */
export function useSendFeedback(historyItemId: string, onDone: () => void) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: FeedbackRequest) => sendFeedback(historyItemId, body),
    onSuccess: (item) => {
      player.updateHistoryItem(historyItemId, { feedback: item.feedback })
      void queryClient.invalidateQueries({ queryKey: ['history'] })
      toast({ title: t('feedback.thanks'), tone: 'success' })
      onDone()
    },
    onError: (error) => toast({ title: errorText(error), tone: 'error' }),
  })
}

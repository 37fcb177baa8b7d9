import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import { PLACEMENT_CODES } from './timeline-rules'

/** The text of a failed voiceover call: the placement rules in the reader's language, else the usual text. */
export function useVoiceoverError(): (error: unknown) => string {
  const { t } = useTranslation()
  const errorText = useErrorText()
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? PLACEMENT_CODES.find((c) => c === error.code) : undefined
      if (code) return t(`voiceover.errors.${code}`)
      return errorText(error)
    },
    [t, errorText],
  )
}

import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { type SafetyPrompt, type SafetyWatcher, sessionSafety } from './voice-safety'

/**
 * Shows the voice-blocked and voice-captcha dialogs for voices newly seen in a list, one at a
 * time. Pass every list of voices as it arrives; the first list of the visit opens nothing.
 */
export function useVoiceSafety(
  voices: readonly { voice_id: string; name: string; safety_control: string | null }[] | undefined,
  watcher: SafetyWatcher = sessionSafety,
) {
  const [queue, setQueue] = useState<SafetyPrompt[]>([])
  useEffect(() => {
    if (!voices) return
    const prompts = watcher.observe(voices)
    if (prompts.length) setQueue((current) => [...current, ...prompts])
  }, [voices, watcher])
  const dismiss = useCallback(() => setQueue((current) => current.slice(1)), [])
  return { prompt: queue[0] ?? null, dismiss }
}

export function VoiceSafetyDialog({ prompt, onClose }: { prompt: SafetyPrompt | null; onClose: () => void }) {
  const { t } = useTranslation()
  if (!prompt) return null
  const blocked = prompt.kind === 'blocked'
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={blocked ? t('voices.safety.blockedTitle') : t('voices.safety.captchaTitle')}
      description={
        blocked
          ? t('voices.safety.blockedBody', { name: prompt.name })
          : t('voices.safety.captchaBody', { name: prompt.name })
      }
    >
      <ModalActions>
        <Button onClick={onClose}>{t('voices.safety.understood')}</Button>
      </ModalActions>
    </Modal>
  )
}

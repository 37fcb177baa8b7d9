import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { useToast } from '../../components/toaster'

/** The new key, shown once: the server stores only its hash. */
export function NewKeyDialog({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey)
      setCopied(true)
      toast({ title: t('common.copied'), tone: 'success' })
    } catch {
      // No clipboard permission (plain http, old browser): the field stays selectable.
      toast({ title: t('apiKeys.copyFailed'), tone: 'error' })
    }
  }
  return (
    <Modal
      open
      width="md"
      dismissable={false}
      title={t('apiKeys.newKeyTitle')}
      description={t('apiKeys.newKeyBody')}
    >
      <div className="flex gap-2">
        <input
          readOnly
          value={apiKey}
          aria-label={t('apiKeys.newKeyTitle')}
          onFocus={(e) => e.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-lg border border-neutral-300 bg-neutral-50 px-3 font-mono text-sm text-neutral-900"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('apiKeys.copiedShort') : t('common.copy')}
        </Button>
      </div>
      <ModalActions>
        <Button onClick={onClose}>{t('apiKeys.done')}</Button>
      </ModalActions>
    </Modal>
  )
}

import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { useToast } from '../../components/toaster'

/** A secret shown once (an API key, a webhook signing secret), with a copy button. */
export function SecretOnceDialog({
  title,
  secret,
  onClose,
}: {
  title: string
  secret: string
  onClose: () => void
}) {
  const { t } = useTranslation()
  const toast = useToast()
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={title} dismissable={false}>
      <Alert tone="warning">{t('workspace.secretOnce')}</Alert>
      <code
        className="mt-3 block rounded-lg bg-neutral-100 px-3 py-2 font-mono text-sm break-all text-neutral-900"
        data-testid="secret-value"
      >
        {secret}
      </code>
      <ModalActions>
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(secret)
              .then(() => toast({ title: t('common.copied'), tone: 'success' }))
              .catch(() => undefined)
          }
        >
          {t('common.copy')}
        </Button>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </ModalActions>
    </Modal>
  )
}

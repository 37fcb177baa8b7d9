import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { ApiKey } from '../../lib/api-types'
import { useDeleteApiKey } from './use-api-keys'

export function DeleteKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const remove = useDeleteApiKey()
  const confirm = () =>
    remove.mutate(apiKey.key_id, {
      onSuccess: () => {
        toast({ title: t('apiKeys.deleted'), tone: 'success' })
        onClose()
      },
    })
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('apiKeys.deleteTitle')}
      description={t('apiKeys.deleteBody', { name: apiKey.name })}
    >
      {remove.isError && <Alert tone="error">{errorText(remove.error)}</Alert>}
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="danger" loading={remove.isPending} onClick={confirm}>
          {t('common.delete')}
        </Button>
      </ModalActions>
    </Modal>
  )
}

import { OWNERSHIP_TRANSFER_SENTENCE } from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { CheckboxField } from '../../components/checkbox-field'
import { Modal, ModalActions } from '../../components/modal'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { transferOwnership } from './workspace-api'
import { useWorkspaceMutation, workspaceKeys } from './workspace-queries'

/** Handing the workspace over needs the checkbox and the sentence typed exactly. */
export function TransferDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [checked, setChecked] = useState(false)
  const [sentence, setSentence] = useState('')
  const transfer = useWorkspaceMutation(
    () => transferOwnership(email, sentence),
    [workspaceKeys.members, workspaceKeys.access],
  )
  const ready = checked && sentence === OWNERSHIP_TRANSFER_SENTENCE
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('workspace.transfer.title')}
      description={t('workspace.transfer.description', { email })}
      width="md"
    >
      <div className="space-y-4">
        <CheckboxField checked={checked} onChange={setChecked}>
          {t('workspace.transfer.checkbox', { email })}
        </CheckboxField>
        <TextField
          label={t('workspace.transfer.typeSentence')}
          hint={<span className="font-mono">{OWNERSHIP_TRANSFER_SENTENCE}</span>}
          value={sentence}
          onChange={(e) => setSentence(e.target.value)}
          autoComplete="off"
        />
        {transfer.isError && <Alert tone="error">{errorText(transfer.error)}</Alert>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="danger"
            disabled={!ready}
            loading={transfer.isPending}
            onClick={() => transfer.mutate(undefined, { onSuccess: onClose })}
          >
            {t('workspace.transfer.confirm')}
          </Button>
        </ModalActions>
      </div>
    </Modal>
  )
}

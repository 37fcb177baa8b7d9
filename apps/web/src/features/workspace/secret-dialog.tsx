import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { createSecret, type SecretInput, updateSecret, type WorkspaceSecret } from './workspace-api'
import { useWorkspaceMutation, workspaceKeys } from './workspace-queries'

const refresh = [workspaceKeys.secrets] as const

/**
 * Adds a secret, or renames one and replaces its value. The server never sends a value back,
 * so replacing always asks for the value again; the field stays masked while it is typed.
 */
export function SecretDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: WorkspaceSecret | null
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [name, setName] = useState(editing?.name ?? '')
  const [value, setValue] = useState('')
  const save = useWorkspaceMutation(
    (body: SecretInput) => (editing ? updateSecret(editing.secret_id, body) : createSecret(body)),
    refresh,
  )
  const ready = name.trim().length > 0 && value.length > 0
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={editing ? t('workspace.secrets.editTitle', { name: editing.name }) : t('workspace.secrets.add')}
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (ready) save.mutate({ name: name.trim(), value }, { onSuccess: onSaved })
        }}
      >
        <TextField
          label={t('workspace.secrets.name')}
          value={name}
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={t('workspace.secrets.value')}
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          hint={editing ? t('workspace.secrets.replaceHint') : t('workspace.secrets.valueHint')}
          error={save.isError ? errorText(save.error) : null}
        />
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!ready} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  )
}

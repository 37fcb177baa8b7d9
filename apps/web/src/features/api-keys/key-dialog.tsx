import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { ApiKey, CreateApiKeyResponse } from '../../lib/api-types'
import { emptyKeyForm, formFromKey, type KeyFormErrors, validateKeyForm } from './key-form'
import { KeyFormFields } from './key-form-fields'
import { useCreateApiKey, useUpdateApiKey } from './use-api-keys'

type Props = {
  /** The key to edit; without one the dialog creates a key. */
  apiKey?: ApiKey
  onClose: () => void
  onCreated?: (created: CreateApiKeyResponse) => void
}

/** Create or edit an API key: name, permissions, credit limit. Mount it to open it. */
export function KeyDialog({ apiKey, onClose, onCreated }: Props) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const [values, setValues] = useState(apiKey ? formFromKey(apiKey) : emptyKeyForm)
  const [errors, setErrors] = useState<KeyFormErrors>({})
  const create = useCreateApiKey()
  const update = useUpdateApiKey()
  const mutation = apiKey ? update : create

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const result = validateKeyForm(values)
    setErrors(result.errors)
    if (!result.body) return
    if (apiKey) {
      update.mutate(
        { keyId: apiKey.key_id, body: result.body },
        {
          onSuccess: () => {
            toast({ title: t('apiKeys.updated'), tone: 'success' })
            onClose()
          },
        },
      )
    } else {
      // Omitted fields take the server defaults: every scope, no limit.
      const { name, permissions, character_limit } = result.body
      const body = {
        name,
        ...(permissions ? { permissions } : {}),
        ...(character_limit ? { character_limit } : {}),
      }
      create.mutate(body, { onSuccess: (created) => onCreated?.(created) })
    }
  }

  return (
    <Modal
      open
      width="md"
      onOpenChange={(open) => !open && onClose()}
      title={apiKey ? t('apiKeys.editTitle') : t('apiKeys.createTitle')}
      description={apiKey ? undefined : t('apiKeys.createBody')}
    >
      <form onSubmit={onSubmit} noValidate>
        {mutation.isError && (
          <Alert tone="error" className="mb-4">
            {errorText(mutation.error)}
          </Alert>
        )}
        <KeyFormFields values={values} onChange={setValues} errors={errors} />
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {apiKey ? t('common.save') : t('apiKeys.createSubmit')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  )
}

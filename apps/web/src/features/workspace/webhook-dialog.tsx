import type { WebhookAuthType } from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { LabelledSelect, plainSelectClass } from '../../components/select'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { isHttpsUrl } from './bulk-emails'
import { createWebhook } from './workspace-api'
import { useConnections, useWorkspaceMutation, workspaceKeys } from './workspace-queries'

const KIND: Record<Exclude<WebhookAuthType, 'hmac'>, 'oauth2_client_credentials' | 'mtls'> = {
  oauth2: 'oauth2_client_credentials',
  mtls: 'mtls',
}

/** A new webhook: name, HTTPS URL and authentication; the signing secret is shown once after. */
export function WebhookDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void
  onCreated: (secret: string) => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const connections = useConnections()
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const [auth, setAuth] = useState<WebhookAuthType>('hmac')
  const [connectionId, setConnectionId] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const create = useWorkspaceMutation(createWebhook, [workspaceKeys.webhooks, workspaceKeys.connections])
  const usable = (connections.data ?? []).filter((c) => auth !== 'hmac' && c.auth_type === KIND[auth])
  const urlError = url !== '' && !isHttpsUrl(url) ? t('workspace.webhooks.httpsOnly') : null

  const submit = () => {
    if (!name.trim() || !isHttpsUrl(url) || (auth !== 'hmac' && !connectionId)) {
      setProblem(t('workspace.webhooks.checkFields'))
      return
    }
    setProblem(null)
    create.mutate(
      {
        auth_type: auth,
        name: name.trim(),
        webhook_url: url.trim(),
        ...(auth !== 'hmac' ? { auth_connection_id: connectionId } : {}),
      },
      { onSuccess: (created) => onCreated(created.webhook_secret ?? '') },
    )
  }

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('workspace.webhooks.create')} width="md">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <TextField
          label={t('workspace.webhooks.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label={t('workspace.webhooks.url')}
          type="url"
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={urlError}
        />
        <LabelledSelect<WebhookAuthType>
          label={t('workspace.webhooks.auth')}
          selectClassName={plainSelectClass}
          value={auth}
          onChange={(value) => {
            setAuth(value)
            setConnectionId('')
          }}
          options={[
            { value: 'hmac', label: t('workspace.webhooks.authHmac') },
            { value: 'oauth2', label: t('workspace.webhooks.authOauth2') },
            { value: 'mtls', label: t('workspace.webhooks.authMtls') },
          ]}
        />
        {auth !== 'hmac' && (
          <LabelledSelect
            label={t('workspace.webhooks.connection')}
            selectClassName={plainSelectClass}
            value={connectionId}
            onChange={setConnectionId}
            options={[
              { value: '', label: t('workspace.webhooks.pickConnection') },
              ...usable.map((c) => ({ value: c.id, label: c.name })),
            ]}
            hint={usable.length === 0 ? t('workspace.webhooks.noConnection') : undefined}
            hintClassName="mt-1 block text-xs text-neutral-500"
          />
        )}
        {problem && <Alert tone="error">{problem}</Alert>}
        {create.isError && <Alert tone="error">{errorText(create.error)}</Alert>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('workspace.webhooks.create')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  )
}

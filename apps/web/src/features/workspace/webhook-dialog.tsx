import type { WebhookAuthType } from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
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
        <label className="block">
          <span className="mb-1.5 block text-sm font-medium text-neutral-800">
            {t('workspace.webhooks.auth')}
          </span>
          <select
            value={auth}
            onChange={(e) => {
              setAuth(e.target.value as WebhookAuthType)
              setConnectionId('')
            }}
            className="h-10 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900"
          >
            <option value="hmac">{t('workspace.webhooks.authHmac')}</option>
            <option value="oauth2">{t('workspace.webhooks.authOauth2')}</option>
            <option value="mtls">{t('workspace.webhooks.authMtls')}</option>
          </select>
        </label>
        {auth !== 'hmac' && (
          <label className="block">
            <span className="mb-1.5 block text-sm font-medium text-neutral-800">
              {t('workspace.webhooks.connection')}
            </span>
            <select
              value={connectionId}
              onChange={(e) => setConnectionId(e.target.value)}
              className="h-10 w-full rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900"
            >
              <option value="">{t('workspace.webhooks.pickConnection')}</option>
              {usable.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {usable.length === 0 && (
              <span className="mt-1 block text-xs text-neutral-500">
                {t('workspace.webhooks.noConnection')}
              </span>
            )}
          </label>
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

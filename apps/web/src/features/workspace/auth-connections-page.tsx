import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { LabelledSelect, plainSelectClass } from '../../components/select'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { AdminOnly, EmptyState, QueryState, SectionHeader } from './admin-only'
import { isHttpsUrl } from './bulk-emails'
import { type CreateConnection, createConnection, deleteConnection } from './workspace-api'
import { useConnections, useWorkspaceMutation, workspaceKeys } from './workspace-queries'

const refresh = [workspaceKeys.connections] as const
const area =
  'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 font-mono text-xs text-neutral-900'

/** Credentials webhooks present to their receivers: OAuth2 client credentials or a client certificate. */
export function AuthConnectionsPage() {
  return (
    <AdminOnly>
      <AuthConnectionsBody />
    </AdminOnly>
  )
}

function AuthConnectionsBody() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const connections = useConnections()
  const [creating, setCreating] = useState(false)
  const remove = useWorkspaceMutation(deleteConnection, refresh)
  return (
    <div>
      <SectionHeader
        title={t('workspace.sections.authConnections')}
        subtitle={t('workspace.connections.subtitle')}
        action={<Button onClick={() => setCreating(true)}>{t('workspace.connections.create')}</Button>}
      />
      {remove.isError && (
        <Alert tone="error" className="mb-4">
          {errorText(remove.error)}
        </Alert>
      )}
      <QueryState query={connections}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState>{t('workspace.connections.empty')}</EmptyState>
          ) : (
            <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
              {list.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <div className="min-w-40 flex-1">
                    <p className="truncate text-sm font-medium text-neutral-900">{c.name}</p>
                    <p className="truncate text-xs text-neutral-500">{c.token_url ?? c.provider}</p>
                  </div>
                  <Badge>{t(`workspace.connections.kind.${c.auth_type}`)}</Badge>
                  <Badge tone={c.status === 'active' ? 'success' : 'danger'}>
                    {t(`workspace.connections.status.${c.status}`)}
                  </Badge>
                  <Button variant="ghost" onClick={() => remove.mutate(c.id)}>
                    {t('common.delete')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {creating && <ConnectionDialog onClose={() => setCreating(false)} />}
    </div>
  )
}

function ConnectionDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [kind, setKind] = useState<CreateConnection['auth_type']>('oauth2_client_credentials')
  const [fields, setFields] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const create = useWorkspaceMutation(createConnection, refresh)
  const set = (key: string) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }))
  const v = (key: string) => fields[key] ?? ''

  const submit = () => {
    const name = v('name').trim()
    const common = { name, provider: v('provider').trim() || 'custom' }
    let body: CreateConnection
    if (kind === 'oauth2_client_credentials') {
      if (!isHttpsUrl(v('token_url'))) return setProblem(t('workspace.webhooks.httpsOnly'))
      body = {
        auth_type: kind,
        ...common,
        client_id: v('client_id').trim(),
        client_secret: v('client_secret'),
        token_url: v('token_url').trim(),
        scopes: v('scopes')
          .split(/[\s,]+/)
          .filter(Boolean),
      }
      if (!name || !body.client_id || !body.client_secret)
        return setProblem(t('workspace.webhooks.checkFields'))
    } else {
      body = {
        auth_type: kind,
        ...common,
        client_certificate: v('client_certificate'),
        client_key: v('client_key'),
        ...(v('key_passphrase') ? { key_passphrase: v('key_passphrase') } : {}),
        ...(v('ca_certificate').trim() ? { ca_certificate: v('ca_certificate') } : {}),
      }
      if (!name || !body.client_certificate.includes('BEGIN') || !body.client_key.includes('BEGIN'))
        return setProblem(t('workspace.webhooks.checkFields'))
    }
    setProblem(null)
    create.mutate(body, { onSuccess: onClose })
  }

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('workspace.connections.create')} width="md">
      <form
        className="space-y-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        <LabelledSelect<CreateConnection['auth_type']>
          label={t('workspace.connections.type')}
          selectClassName={plainSelectClass}
          value={kind}
          onChange={setKind}
          options={[
            {
              value: 'oauth2_client_credentials',
              label: t('workspace.connections.kind.oauth2_client_credentials'),
            },
            { value: 'mtls', label: t('workspace.connections.kind.mtls') },
          ]}
        />
        <TextField label={t('workspace.connections.name')} value={v('name')} onChange={set('name')} />
        {kind === 'oauth2_client_credentials' ? (
          <>
            <TextField
              label={t('workspace.connections.tokenUrl')}
              type="url"
              placeholder="https://"
              value={v('token_url')}
              onChange={set('token_url')}
            />
            <TextField
              label={t('workspace.connections.clientId')}
              value={v('client_id')}
              onChange={set('client_id')}
            />
            <TextField
              label={t('workspace.connections.clientSecret')}
              type="password"
              revealable
              value={v('client_secret')}
              onChange={set('client_secret')}
            />
            <TextField
              label={t('common.optionalLabel', { label: t('workspace.connections.scopes') })}
              value={v('scopes')}
              onChange={set('scopes')}
            />
          </>
        ) : (
          <>
            {(['client_certificate', 'client_key', 'ca_certificate'] as const).map((key) => (
              <label key={key} className="block">
                <span className="mb-1.5 block text-sm font-medium text-neutral-800">
                  {t(`workspace.connections.${key}`)}
                </span>
                <textarea
                  rows={4}
                  className={area}
                  value={v(key)}
                  onChange={set(key)}
                  placeholder="-----BEGIN"
                />
              </label>
            ))}
            <TextField
              label={t('common.optionalLabel', { label: t('workspace.connections.passphrase') })}
              type="password"
              revealable
              value={v('key_passphrase')}
              onChange={set('key_passphrase')}
            />
          </>
        )}
        {problem && <Alert tone="error">{problem}</Alert>}
        {create.isError && <Alert tone="error">{errorText(create.error)}</Alert>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('common.save')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  )
}

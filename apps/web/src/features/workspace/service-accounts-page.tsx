import { SERVICE_ACCOUNT_LIMIT } from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { AdminOnly, EmptyState, QueryState, SectionHeader } from './admin-only'
import { SecretOnceDialog } from './secret-once'
import {
  createServiceAccount,
  createServiceAccountKey,
  deleteServiceAccount,
  deleteServiceAccountKey,
  type ServiceAccount,
} from './workspace-api'
import { useServiceAccounts, useWorkspaceMutation, workspaceKeys } from './workspace-queries'

const refresh = [workspaceKeys.serviceAccounts, workspaceKeys.apiKeys] as const

type Naming = { kind: 'account' } | { kind: 'key'; account: ServiceAccount }

/** Service accounts (paid plans, at most 20) and the API keys they own. */
export function ServiceAccountsPage() {
  return (
    <AdminOnly>
      <ServiceAccountsBody />
    </AdminOnly>
  )
}

function ServiceAccountsBody() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const accounts = useServiceAccounts()
  const [naming, setNaming] = useState<Naming | null>(null)
  const [name, setName] = useState('')
  const [secret, setSecret] = useState<string | null>(null)
  const createAccount = useWorkspaceMutation(createServiceAccount, refresh)
  const createKey = useWorkspaceMutation(
    ({ id, keyName }: { id: string; keyName: string }) => createServiceAccountKey(id, keyName),
    refresh,
  )
  const removeAccount = useWorkspaceMutation(deleteServiceAccount, refresh)
  const removeKey = useWorkspaceMutation(
    ({ id, keyId }: { id: string; keyId: string }) => deleteServiceAccountKey(id, keyId),
    refresh,
  )
  const pending = naming?.kind === 'key' ? createKey : createAccount
  const error = removeAccount.error ?? removeKey.error

  const submit = () => {
    const trimmed = name.trim()
    if (!naming || !trimmed) return
    const done = () => {
      setNaming(null)
      setName('')
    }
    if (naming.kind === 'account') createAccount.mutate(trimmed, { onSuccess: done })
    else
      createKey.mutate(
        { id: naming.account.service_account_user_id, keyName: trimmed },
        {
          onSuccess: (created) => {
            done()
            setSecret(created['xi-api-key'])
          },
        },
      )
  }

  return (
    <div>
      <SectionHeader
        title={t('workspace.sections.serviceAccounts')}
        subtitle={t('workspace.serviceAccounts.subtitle', { max: SERVICE_ACCOUNT_LIMIT })}
        action={
          <Button onClick={() => setNaming({ kind: 'account' })}>
            {t('workspace.serviceAccounts.create')}
          </Button>
        }
      />
      {error && (
        <Alert tone="error" className="mb-4">
          {errorText(error)}
        </Alert>
      )}
      <QueryState query={accounts}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState>{t('workspace.serviceAccounts.empty')}</EmptyState>
          ) : (
            <ul className="space-y-3">
              {list.map((account) => (
                <li
                  key={account.service_account_user_id}
                  className="rounded-2xl border border-neutral-200 p-4"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="min-w-0 flex-1 truncate text-sm font-medium text-neutral-900">
                      {account.name}
                    </p>
                    <Button variant="secondary" onClick={() => setNaming({ kind: 'key', account })}>
                      {t('workspace.serviceAccounts.newKey')}
                    </Button>
                    <Button
                      variant="ghost"
                      onClick={() => removeAccount.mutate(account.service_account_user_id)}
                      title={
                        account['api-keys'].length > 0
                          ? t('workspace.serviceAccounts.deleteKeysFirst')
                          : undefined
                      }
                    >
                      {t('common.delete')}
                    </Button>
                  </div>
                  {account['api-keys'].length > 0 && (
                    <ul className="mt-3 divide-y divide-neutral-100">
                      {account['api-keys'].map((key) => (
                        <li key={key.key_id} className="flex items-center gap-2 py-2 text-sm">
                          <span className="min-w-0 flex-1 truncate text-neutral-800">{key.name}</span>
                          <span className="font-mono text-xs text-neutral-500">{key.hint}</span>
                          {key.is_disabled && <Badge tone="warning">{t('workspace.keys.disabled')}</Badge>}
                          <Button
                            variant="ghost"
                            onClick={() =>
                              removeKey.mutate({ id: account.service_account_user_id, keyId: key.key_id })
                            }
                          >
                            {t('common.delete')}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {naming && (
        <Modal
          open
          onOpenChange={(o) => !o && setNaming(null)}
          title={
            naming.kind === 'account'
              ? t('workspace.serviceAccounts.create')
              : t('workspace.serviceAccounts.newKey')
          }
        >
          <form
            onSubmit={(e) => {
              e.preventDefault()
              submit()
            }}
          >
            <TextField
              label={
                naming.kind === 'account' ? t('workspace.serviceAccounts.name') : t('workspace.keys.name')
              }
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={pending.isError ? errorText(pending.error) : null}
            />
            <ModalActions>
              <Button variant="secondary" onClick={() => setNaming(null)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={!name.trim()} loading={pending.isPending}>
                {t('common.save')}
              </Button>
            </ModalActions>
          </form>
        </Modal>
      )}
      {secret && (
        <SecretOnceDialog
          title={t('workspace.serviceAccounts.keyCreated')}
          secret={secret}
          onClose={() => setSecret(null)}
        />
      )}
    </div>
  )
}

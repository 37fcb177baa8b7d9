import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDate } from '../../lib/format-date'
import { AdminOnly, EmptyState, QueryState, SectionHeader } from './admin-only'
import { disableWorkspaceKeys } from './workspace-api'
import { useWorkspaceKeys, useWorkspaceMutation, workspaceKeys } from './workspace-queries'

/** Every API key of the workspace, whoever made it; admins switch several off at once. */
export function WorkspaceKeysPage() {
  return (
    <AdminOnly>
      <WorkspaceKeysBody />
    </AdminOnly>
  )
}

function WorkspaceKeysBody() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const keys = useWorkspaceKeys()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const disable = useWorkspaceMutation(disableWorkspaceKeys, [
    workspaceKeys.apiKeys,
    workspaceKeys.serviceAccounts,
  ])
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  return (
    <div>
      <SectionHeader
        title={t('workspace.sections.userApiKeys')}
        subtitle={t('workspace.keys.subtitle')}
        action={
          <Button
            variant="danger"
            disabled={selected.size === 0}
            loading={disable.isPending}
            onClick={() =>
              disable.mutate([...selected], {
                onSuccess: (r) => {
                  setSelected(new Set())
                  toast({ title: t('workspace.keys.disabledCount', { count: r.disabled }), tone: 'success' })
                },
              })
            }
          >
            {t('workspace.keys.disableSelected', { count: selected.size })}
          </Button>
        }
      />
      {disable.isError && (
        <Alert tone="error" className="mb-4">
          {errorText(disable.error)}
        </Alert>
      )}
      <QueryState query={keys}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState>{t('workspace.keys.empty')}</EmptyState>
          ) : (
            <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
              {list.map((key) => (
                <li key={key.key_id} className="flex items-center gap-3 px-4 py-3">
                  <input
                    type="checkbox"
                    aria-label={t('workspace.keys.select', { name: key.name })}
                    checked={selected.has(key.key_id)}
                    disabled={key.is_disabled}
                    onChange={(e) => toggle(key.key_id, e.target.checked)}
                    className="size-4 accent-accent-600"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-neutral-900">{key.name}</p>
                    <p className="truncate text-xs text-neutral-500">
                      {key.service_account_name ?? key.owner_email} ·{' '}
                      {formatDate(key.created_at_unix, i18n.language)}
                    </p>
                  </div>
                  <span className="hidden font-mono text-xs text-neutral-500 sm:inline">{key.hint}</span>
                  <Badge tone={key.is_disabled ? 'warning' : 'success'}>
                    {key.is_disabled ? t('workspace.keys.disabled') : t('workspace.keys.enabled')}
                  </Badge>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  )
}

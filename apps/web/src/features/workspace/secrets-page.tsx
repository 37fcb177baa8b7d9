import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { RowMenu } from '../../components/row-menu'
import { PageSpinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDate } from '../../lib/format-date'
import { EmptyState, QueryState, SectionHeader } from './admin-only'
import { SecretDialog } from './secret-dialog'
import { deleteSecret, type WorkspaceSecret } from './workspace-api'
import { useSecrets, useWorkspaceAccess, useWorkspaceMutation, workspaceKeys } from './workspace-queries'

const refresh = [workspaceKeys.secrets] as const

type Editing = { secret: WorkspaceSecret | null }

/** How many agents, tools, phone numbers and servers name the secret. */
function usageCount(secret: WorkspaceSecret): number {
  const u = secret.used_by
  return u.tools.length + u.agents.length + u.phone_numbers.length + u.mcp_servers.length + u.others.length
}

/** Workspace secrets: every member sees their names; admins add, replace and delete them. */
export function SecretsPage() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const access = useWorkspaceAccess()
  const secrets = useSecrets()
  const [editing, setEditing] = useState<Editing | null>(null)
  const [deleting, setDeleting] = useState<WorkspaceSecret | null>(null)
  const remove = useWorkspaceMutation(deleteSecret, refresh)
  if (access.isPending) return <PageSpinner label={t('common.loading')} />
  const isAdmin = access.data?.is_admin === true
  return (
    <div>
      <SectionHeader
        title={t('workspace.sections.secrets')}
        subtitle={t('workspace.secrets.subtitle')}
        action={
          isAdmin ? (
            <Button onClick={() => setEditing({ secret: null })}>{t('workspace.secrets.add')}</Button>
          ) : undefined
        }
      />
      {!isAdmin && (
        <Alert tone="info" className="mb-4">
          {t('workspace.secrets.readOnly')}
        </Alert>
      )}
      <QueryState query={secrets}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState>{t('workspace.secrets.empty')}</EmptyState>
          ) : (
            <>
              <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
                {list.map((secret) => {
                  const used = usageCount(secret)
                  return (
                    <li
                      key={secret.secret_id}
                      className="flex items-center gap-3 px-4 py-3"
                      data-testid="secret-row"
                    >
                      <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-3">
                        <div className="min-w-0 flex-1">
                          <p className="truncate text-sm font-medium text-neutral-900">{secret.name}</p>
                          <p className="text-xs text-neutral-500">
                            {t('workspace.secrets.added', {
                              date: formatDate(secret.created_at_unix, i18n.language),
                            })}
                          </p>
                        </div>
                        <div className="mt-1.5 flex flex-wrap gap-2 sm:mt-0">
                          <Badge tone="neutral">{t('workspace.secrets.hidden')}</Badge>
                          <Badge tone={used > 0 ? 'accent' : 'neutral'}>
                            {used > 0
                              ? t('workspace.secrets.usedBy', { count: used })
                              : t('workspace.secrets.unused')}
                          </Badge>
                        </div>
                      </div>
                      {isAdmin && (
                        <RowMenu
                          label={t('workspace.actionsFor', { name: secret.name })}
                          actions={[
                            { label: t('workspace.secrets.edit'), onSelect: () => setEditing({ secret }) },
                            {
                              label: t('common.delete'),
                              onSelect: () => {
                                remove.reset()
                                setDeleting(secret)
                              },
                              danger: true,
                            },
                          ]}
                        />
                      )}
                    </li>
                  )
                })}
              </ul>
              <p className="mt-3 text-xs text-neutral-500">{t('workspace.secrets.usedByNote')}</p>
            </>
          )
        }
      </QueryState>
      {editing && (
        <SecretDialog
          editing={editing.secret}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            toast({ title: t('workspace.secrets.saved'), tone: 'success' })
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setDeleting(null)}
          title={t('workspace.secrets.deleteTitle', { name: deleting.name })}
          description={t('workspace.secrets.deleteBody')}
          confirmLabel={t('common.delete')}
          tone="danger"
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onConfirm={() =>
            remove.mutate(deleting.secret_id, {
              onSuccess: () => {
                setDeleting(null)
                toast({ title: t('workspace.secrets.deleted'), tone: 'success' })
              },
            })
          }
        />
      )}
    </div>
  )
}

import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDate } from '../../lib/format-date'
import { AdminOnly, EmptyState, QueryState, SectionHeader } from './admin-only'
import { type Invite, inviteMember, revokeInvite } from './workspace-api'
import { useInvites, useWorkspaceMutation, workspaceKeys } from './workspace-queries'

/** Pending invites: resend (a new code by mail) or revoke. */
export function InvitesPage() {
  return (
    <AdminOnly>
      <InvitesBody />
    </AdminOnly>
  )
}

function InvitesBody() {
  const { t, i18n } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const invites = useInvites()
  const refresh = [workspaceKeys.invites, workspaceKeys.members] as const
  // Resending is inviting the address again: the old code is replaced by a new mailed one.
  const resend = useWorkspaceMutation(
    (invite: Invite) =>
      inviteMember({ email: invite.email, seat_type: invite.seat_type, group_ids: invite.group_ids }),
    refresh,
  )
  const revoke = useWorkspaceMutation(revokeInvite, refresh)
  const date = (unix: number) => formatDate(unix, i18n.language)
  return (
    <div>
      <SectionHeader title={t('workspace.sections.invites')} subtitle={t('workspace.invites.subtitle')} />
      {(resend.isError || revoke.isError) && (
        <Alert tone="error" className="mb-4">
          {errorText(resend.error ?? revoke.error)}
        </Alert>
      )}
      <QueryState query={invites}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState>{t('workspace.invites.empty')}</EmptyState>
          ) : (
            <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
              {list.map((invite) => (
                <li
                  key={invite.email}
                  className="flex flex-wrap items-center gap-3 px-4 py-3"
                  data-testid="invite-row"
                >
                  <div className="min-w-40 flex-1">
                    <p className="truncate text-sm font-medium text-neutral-900">{invite.email}</p>
                    <p className="text-xs text-neutral-500">
                      {t('workspace.invites.expires', { date: date(invite.expires_at_unix) })}
                    </p>
                  </div>
                  <Badge tone={invite.seat_type === 'workspace_admin' ? 'accent' : 'neutral'}>
                    {t(
                      invite.seat_type === 'workspace_admin'
                        ? 'workspace.states.invitedAdmin'
                        : 'workspace.states.invitedMember',
                    )}
                  </Badge>
                  {invite.is_expired && <Badge tone="warning">{t('workspace.invites.expired')}</Badge>}
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      onClick={() =>
                        resend.mutate(invite, {
                          onSuccess: () =>
                            toast({ title: t('workspace.invite.sent', { count: 1 }), tone: 'success' }),
                        })
                      }
                    >
                      {t('workspace.invites.resend')}
                    </Button>
                    <Button variant="ghost" onClick={() => revoke.mutate(invite.email)}>
                      {t('workspace.invites.revoke')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  )
}

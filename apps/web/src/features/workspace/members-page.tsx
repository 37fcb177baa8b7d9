import { PLAN_LIMITS, TIERS, type Tier } from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { type RowAction, RowMenu } from '../../components/row-menu'
import { useErrorText } from '../../i18n/use-error-text'
import { useSession } from '../auth/use-session'
import { AdminOnly, QueryState, SectionHeader } from './admin-only'
import { InviteDialog } from './invite-dialog'
import { TransferDialog } from './transfer-dialog'
import { type Member, removeMember, updateMember } from './workspace-api'
import {
  useInvites,
  useMembers,
  useWorkspaceAccess,
  useWorkspaceMutation,
  workspaceKeys,
} from './workspace-queries'

type Open = { kind: 'invite' } | { kind: 'remove'; member: Member } | { kind: 'transfer'; member: Member }

const STATE_TONE = { enabled: 'success', locked: 'warning', disabled: 'danger' } as const

function tierOf(value: string | undefined): Tier {
  return (TIERS as readonly string[]).includes(value ?? '') ? (value as Tier) : 'free'
}

/** Members with roles and states, seats, invites, and the admin actions on each member. */
export function MembersPage() {
  return (
    <AdminOnly>
      <MembersBody />
    </AdminOnly>
  )
}

function MembersBody() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const session = useSession()
  const access = useWorkspaceAccess()
  const members = useMembers()
  const invites = useInvites()
  const [open, setOpen] = useState<Open | null>(null)
  const close = () => setOpen(null)
  const refresh = [workspaceKeys.members, workspaceKeys.invites] as const
  const update = useWorkspaceMutation(updateMember, refresh)
  const remove = useWorkspaceMutation(removeMember, refresh)
  const tier = tierOf(session.user?.subscription?.tier)
  const maxSeats = PLAN_LIMITS[tier].maxSeats
  // Pending invites hold a seat until they expire, as the server counts them.
  const used = (members.data?.length ?? 0) + (invites.data?.filter((i) => !i.is_expired).length ?? 0)
  const callerIsOwner = access.data?.role === 'owner'

  const actionsFor = (member: Member): RowAction[] => {
    if (member.is_owner || member.user_id === session.user?.user_id) return []
    // An account the identity provider disabled is the provider's to enable or delete.
    if (member.state === 'disabled') return []
    const actions: RowAction[] = [
      member.role === 'admin'
        ? {
            label: t('workspace.members.makeMember'),
            onSelect: () => update.mutate({ email: member.email, workspace_seat_type: 'workspace_member' }),
          }
        : {
            label: t('workspace.members.makeAdmin'),
            onSelect: () => update.mutate({ email: member.email, workspace_seat_type: 'workspace_admin' }),
          },
      member.state === 'locked'
        ? {
            label: t('workspace.members.reenable'),
            onSelect: () => update.mutate({ email: member.email, is_locked: false }),
          }
        : {
            label: t('workspace.members.lock'),
            onSelect: () => update.mutate({ email: member.email, is_locked: true }),
          },
    ]
    if (callerIsOwner)
      actions.push({
        label: t('workspace.members.transfer'),
        onSelect: () => setOpen({ kind: 'transfer', member }),
      })
    actions.push({
      label: t('workspace.members.remove'),
      danger: true,
      onSelect: () => setOpen({ kind: 'remove', member }),
    })
    return actions
  }

  return (
    <div>
      <SectionHeader
        title={t('workspace.sections.members')}
        subtitle={t('workspace.members.seats', { used, max: maxSeats })}
        action={<Button onClick={() => setOpen({ kind: 'invite' })}>{t('workspace.members.invite')}</Button>}
      />
      {used >= maxSeats && (
        <Alert tone="warning" className="mb-4">
          {t('workspace.members.seatsFull')}
        </Alert>
      )}
      {update.isError && (
        <Alert tone="error" className="mb-4">
          {errorText(update.error)}
        </Alert>
      )}
      <QueryState query={members}>
        {(list) => (
          <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
            {list.map((member) => (
              <li key={member.user_id} className="flex items-center gap-3 px-4 py-3" data-testid="member-row">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-neutral-900">
                    {member.first_name || member.email}
                  </p>
                  <p className="truncate text-xs text-neutral-500">{member.email}</p>
                </div>
                <div className="flex flex-wrap justify-end gap-1.5">
                  <Badge tone={member.role === 'member' ? 'neutral' : 'accent'}>
                    {t(`workspace.roles.${member.role}`)}
                  </Badge>
                  <Badge tone={STATE_TONE[member.state]}>{t(`workspace.states.${member.state}`)}</Badge>
                </div>
                <RowMenu
                  label={t('workspace.actionsFor', { name: member.email })}
                  actions={actionsFor(member)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      {open?.kind === 'invite' && <InviteDialog tier={tier} onClose={close} />}
      {open?.kind === 'transfer' && <TransferDialog email={open.member.email} onClose={close} />}
      {open?.kind === 'remove' && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && close()}
          title={t('workspace.members.removeTitle')}
          description={t('workspace.members.removeBody', { email: open.member.email })}
          confirmLabel={t('workspace.members.remove')}
          tone="danger"
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onConfirm={() => remove.mutate(open.member.email, { onSuccess: close })}
        />
      )}
    </div>
  )
}

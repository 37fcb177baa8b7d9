import { FEATURE_PERMISSIONS, type GroupPermission, PRODUCT_PERMISSIONS } from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Modal, ModalActions } from '../../components/modal'
import { Select } from '../../components/select'
import { Switch } from '../../components/switch'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { AdminOnly, QueryState, SectionHeader } from './admin-only'
import {
  addGroupMember,
  createGroup,
  deleteGroup,
  type Group,
  removeGroupMember,
  updateGroup,
} from './workspace-api'
import { useGroups, useMembers, useWorkspaceMutation, workspaceKeys } from './workspace-queries'

const refresh = [workspaceKeys.groups, workspaceKeys.access] as const

/** Groups, their members, and the products and features each group gives access to. */
export function GroupsPage() {
  return (
    <AdminOnly>
      <GroupsBody />
    </AdminOnly>
  )
}

function GroupsBody() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const groups = useGroups()
  const [creating, setCreating] = useState(false)
  const [name, setName] = useState('')
  const [openId, setOpenId] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<Group | null>(null)
  const create = useWorkspaceMutation(createGroup, refresh)
  const remove = useWorkspaceMutation(deleteGroup, refresh)
  const open = groups.data?.find((g) => g.id === openId)
  return (
    <div>
      <SectionHeader
        title={t('workspace.sections.groups')}
        subtitle={t('workspace.groups.subtitle')}
        action={<Button onClick={() => setCreating(true)}>{t('workspace.groups.create')}</Button>}
      />
      <QueryState query={groups}>
        {(list) => (
          <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
            {list.map((group) => (
              <li
                key={group.id}
                className="flex flex-wrap items-center gap-3 px-4 py-3"
                data-testid="group-row"
              >
                <div className="min-w-40 flex-1">
                  <p className="truncate text-sm font-medium text-neutral-900">{group.name}</p>
                  <p className="text-xs text-neutral-500">
                    {group.is_everyone
                      ? t('workspace.groups.everyoneHint')
                      : t('workspace.groups.memberCount', { count: group.members.length })}
                  </p>
                </div>
                <Badge>
                  {t('workspace.groups.productCount', {
                    count: group.permissions.filter((p) =>
                      (PRODUCT_PERMISSIONS as readonly string[]).includes(p),
                    ).length,
                  })}
                </Badge>
                <div className="flex gap-2">
                  <Button variant="secondary" onClick={() => setOpenId(group.id)}>
                    {t('workspace.groups.manage')}
                  </Button>
                  {!group.is_everyone && (
                    <Button variant="ghost" onClick={() => setDeleting(group)}>
                      {t('common.delete')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>

      {creating && (
        <Modal open onOpenChange={(o) => !o && setCreating(false)} title={t('workspace.groups.create')}>
          <form
            onSubmit={(e) => {
              e.preventDefault()
              create.mutate(name.trim(), {
                onSuccess: () => {
                  setCreating(false)
                  setName('')
                },
              })
            }}
          >
            <TextField
              label={t('workspace.groups.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={create.isError ? errorText(create.error) : null}
            />
            <ModalActions>
              <Button variant="secondary" onClick={() => setCreating(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={name.trim() === ''} loading={create.isPending}>
                {t('workspace.groups.create')}
              </Button>
            </ModalActions>
          </form>
        </Modal>
      )}
      {open && (
        <GroupDialog
          group={open}
          everyone={groups.data?.find((g) => g.is_everyone)}
          onClose={() => setOpenId(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(o) => !o && setDeleting(null)}
          title={t('workspace.groups.deleteTitle', { name: deleting.name })}
          confirmLabel={t('common.delete')}
          tone="danger"
          busy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        />
      )}
    </div>
  )
}

/** One group: its members (add, remove) and its permissions, one switch each. */
function GroupDialog({
  group,
  everyone,
  onClose,
}: {
  group: Group
  everyone: Group | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const members = useMembers()
  const [email, setEmail] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const add = useWorkspaceMutation((address: string) => addGroupMember(group.id, address), refresh)
  const drop = useWorkspaceMutation((address: string) => removeGroupMember(group.id, address), refresh)
  const save = useWorkspaceMutation(
    (permissions: GroupPermission[]) => updateGroup(group.id, { permissions }),
    refresh,
  )
  const editorOnNew = useWorkspaceMutation(
    (on: boolean) => updateGroup(group.id, { editor_access_to_new_resources: on }),
    refresh,
  )
  const candidates = (members.data ?? []).filter((m) => !group.members.includes(m.email))

  const toggle = (permission: GroupPermission, on: boolean) => {
    // A group cannot take away what the Everyone group still gives: switch it off there first.
    if (!on && !group.is_everyone && everyone?.permissions.includes(permission)) {
      setNotice(t('workspace.groups.everyoneFirst'))
      return
    }
    setNotice(null)
    const next = on ? [...group.permissions, permission] : group.permissions.filter((p) => p !== permission)
    save.mutate(next)
  }
  const error = add.error ?? drop.error ?? save.error ?? editorOnNew.error

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={group.name} width="md">
      <div className="space-y-6">
        {!group.is_everyone && (
          <section>
            <h3 className="text-sm font-semibold text-neutral-900">{t('workspace.groups.members')}</h3>
            <ul className="mt-2 space-y-1">
              {group.members.map((address) => (
                <li
                  key={address}
                  className="flex items-center justify-between gap-2 text-sm text-neutral-800"
                >
                  <span className="truncate">{address}</span>
                  <Button variant="ghost" onClick={() => drop.mutate(address)}>
                    {t('workspace.groups.removeMember')}
                  </Button>
                </li>
              ))}
            </ul>
            <form
              className="mt-2 flex gap-2"
              onSubmit={(e) => {
                e.preventDefault()
                if (email) add.mutate(email, { onSuccess: () => setEmail('') })
              }}
            >
              <Select
                aria-label={t('workspace.groups.addMember')}
                value={email}
                onChange={setEmail}
                className="h-10 min-w-0 flex-1 rounded-lg border border-neutral-300 bg-white px-3 text-sm text-neutral-900"
                options={[
                  { value: '', label: t('workspace.groups.pickMember') },
                  ...candidates.map((m) => ({ value: m.email, label: m.email })),
                ]}
              />
              <Button type="submit" variant="secondary" disabled={!email} loading={add.isPending}>
                {t('workspace.groups.addMember')}
              </Button>
            </form>
          </section>
        )}
        <section>
          <h3 className="text-sm font-semibold text-neutral-900">{t('workspace.groups.products')}</h3>
          <PermissionList permissions={PRODUCT_PERMISSIONS} group={group} onToggle={toggle} />
          <h3 className="mt-4 text-sm font-semibold text-neutral-900">{t('workspace.groups.features')}</h3>
          <PermissionList permissions={FEATURE_PERMISSIONS} group={group} onToggle={toggle} />
          <h3 className="mt-4 text-sm font-semibold text-neutral-900">
            {t('workspace.groups.newResources')}
          </h3>
          <div className="mt-2 flex items-center justify-between gap-3 py-2 text-sm text-neutral-800">
            <span>{t('workspace.groups.editorOnNewResources')}</span>
            <Switch
              label={t('workspace.groups.editorOnNewResources')}
              checked={group.editor_access_to_new_resources}
              onChange={(on) => editorOnNew.mutate(on)}
            />
          </div>
        </section>
        {notice && <Alert tone="warning">{notice}</Alert>}
        {error && <Alert tone="error">{errorText(error)}</Alert>}
        <ModalActions>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </ModalActions>
      </div>
    </Modal>
  )
}

function PermissionList({
  permissions,
  group,
  onToggle,
}: {
  permissions: readonly GroupPermission[]
  group: Group
  onToggle: (permission: GroupPermission, on: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <ul className="mt-2 divide-y divide-neutral-100">
      {permissions.map((permission) => {
        const label = t(`workspace.permissions.${permission}`)
        return (
          <li
            key={permission}
            className="flex items-center justify-between gap-3 py-2 text-sm text-neutral-800"
          >
            <span>{label}</span>
            <Switch
              label={label}
              checked={group.permissions.includes(permission)}
              onChange={(on) => onToggle(permission, on)}
            />
          </li>
        )
      })}
    </ul>
  )
}

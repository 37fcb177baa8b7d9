import { BULK_INVITE_TIERS, type Tier } from '@timbre/contract'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { LabelledSelect, plainSelectClass } from '../../components/select'
import { TextField } from '../../components/text-field'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { parseBulkEmails } from './bulk-emails'
import { inviteBulk, inviteMember } from './workspace-api'
import { useWorkspaceMutation, workspaceKeys } from './workspace-queries'

type Seat = 'workspace_member' | 'workspace_admin'

/** Invite one address, or (enterprise workspaces) many at once. */
export function InviteDialog({ tier, onClose }: { tier: string; onClose: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const bulkAllowed = (BULK_INVITE_TIERS as readonly string[]).includes(tier as Tier)
  const [bulk, setBulk] = useState(false)
  const [email, setEmail] = useState('')
  const [text, setText] = useState('')
  const [seat, setSeat] = useState<Seat>('workspace_member')
  const [problem, setProblem] = useState<string | null>(null)
  const send = useWorkspaceMutation(
    (emails: string[]) =>
      bulk ? inviteBulk(emails, seat) : inviteMember({ email: emails[0] as string, seat_type: seat }),
    [workspaceKeys.invites, workspaceKeys.members],
  )

  const submit = () => {
    const emails = bulk ? parseBulkEmails(text) : [email.trim()]
    if (bulk && emails.length === 0) {
      setProblem(t('workspace.invite.noValidEmails'))
      return
    }
    setProblem(null)
    send.mutate(emails, {
      onSuccess: () => {
        toast({ title: t('workspace.invite.sent', { count: emails.length }), tone: 'success' })
        onClose()
      },
    })
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('workspace.invite.title')} width="md">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
      >
        {bulkAllowed && (
          <fieldset className="flex gap-2" aria-label={t('workspace.invite.mode')}>
            <Button
              variant={bulk ? 'ghost' : 'secondary'}
              onClick={() => setBulk(false)}
              aria-pressed={!bulk}
            >
              {t('workspace.invite.single')}
            </Button>
            <Button variant={bulk ? 'secondary' : 'ghost'} onClick={() => setBulk(true)} aria-pressed={bulk}>
              {t('workspace.invite.bulk')}
            </Button>
          </fieldset>
        )}
        {bulk ? (
          <label className="block">
            <span className="mb-1.5 block text-sm font-medium text-neutral-800">
              {t('workspace.invite.emails')}
            </span>
            <textarea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={5}
              className="w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900"
            />
            <span className="mt-1 block text-xs text-neutral-500">{t('workspace.invite.emailsHint')}</span>
          </label>
        ) : (
          <TextField
            label={t('workspace.invite.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
          />
        )}
        <LabelledSelect
          label={t('workspace.invite.role')}
          selectClassName={plainSelectClass}
          value={seat}
          onChange={setSeat}
          options={[
            { value: 'workspace_member', label: t('workspace.roles.member') },
            { value: 'workspace_admin', label: t('workspace.roles.admin') },
          ]}
          hint={seat === 'workspace_admin' ? t('workspace.invite.adminHint') : undefined}
          hintClassName="mt-1 block text-xs text-neutral-500"
        />
        {problem && <Alert tone="error">{problem}</Alert>}
        {send.isError && <Alert tone="error">{errorText(send.error)}</Alert>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('workspace.invite.send')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  )
}

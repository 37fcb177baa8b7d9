import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Spinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { acceptInvite, declineInvite, previewInvite } from './workspace-api'
import { useWorkspaceMutation } from './workspace-queries'

/**
 * The mailed invite: it names the workspace and who sent it, then the invited person accepts
 * (joins and works in the workspace) or declines (the invite ends). Signed in with another
 * address, or past its expiry, the page says so instead of offering answers that would fail.
 */
export function InvitePage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const { code = '' } = useParams()
  const session = useSession()
  const [declined, setDeclined] = useState(false)
  // Accepting changes the current workspace: a full reload gives every screen the new one.
  const accept = useWorkspaceMutation(() => acceptInvite(code), [])
  const decline = useWorkspaceMutation(() => declineInvite(code), [])
  const preview = useQuery({ queryKey: ['invite', code], queryFn: () => previewInvite(code), retry: false })
  const error = accept.error ?? decline.error ?? preview.error
  const invite = preview.data
  const inviter = invite ? (invite.inviter_name ?? invite.inviter_email ?? '') : ''
  const answerable = invite?.email_matches === true && !invite.is_expired
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-neutral-200 p-6">
      <h1 className="text-xl font-semibold text-neutral-900">{t('workspace.acceptInvite.title')}</h1>
      {declined ? (
        <p className="mt-3 text-sm text-neutral-700">{t('workspace.acceptInvite.declined')}</p>
      ) : (
        <>
          {preview.isPending && <Spinner className="mt-3 size-5" />}
          {invite && (
            <p className="mt-2 text-sm text-neutral-600" data-testid="invite-summary">
              {t('workspace.acceptInvite.named', {
                inviter,
                workspace: invite.workspace_name,
                email: invite.email,
              })}
            </p>
          )}
          {invite && !invite.email_matches && (
            <Alert tone="error" className="mt-4">
              {t('workspace.acceptInvite.wrongAddress', {
                invited: invite.email,
                email: session.user?.email ?? '',
              })}
            </Alert>
          )}
          {invite?.email_matches && invite.is_expired && (
            <Alert tone="error" className="mt-4">
              {t('workspace.acceptInvite.expired', { inviter })}
            </Alert>
          )}
          {error && (
            <Alert tone="error" className="mt-4">
              {errorText(error)}
            </Alert>
          )}
          {answerable && (
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                variant="secondary"
                loading={decline.isPending}
                disabled={accept.isPending}
                onClick={() => decline.mutate(undefined, { onSuccess: () => setDeclined(true) })}
              >
                {t('workspace.acceptInvite.decline')}
              </Button>
              <Button
                loading={accept.isPending}
                disabled={decline.isPending}
                onClick={() =>
                  accept.mutate(undefined, { onSuccess: () => window.location.assign(routes.home) })
                }
              >
                {t('workspace.acceptInvite.accept')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}

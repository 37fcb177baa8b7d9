import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { acceptInvite, declineInvite } from './workspace-api'
import { useWorkspaceMutation } from './workspace-queries'

/** The mailed invite: accept (join and work in the workspace) or decline (the invite ends). */
export function InvitePage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const { code = '' } = useParams()
  const session = useSession()
  const [declined, setDeclined] = useState(false)
  // Accepting changes the current workspace: a full reload gives every screen the new one.
  const accept = useWorkspaceMutation(() => acceptInvite(code), [])
  const decline = useWorkspaceMutation(() => declineInvite(code), [])
  const error = accept.error ?? decline.error
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-neutral-200 p-6">
      <h1 className="text-xl font-semibold text-neutral-900">{t('workspace.acceptInvite.title')}</h1>
      {declined ? (
        <p className="mt-3 text-sm text-neutral-700">{t('workspace.acceptInvite.declined')}</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-neutral-600">
            {t('workspace.acceptInvite.body', { email: session.user?.email ?? '' })}
          </p>
          {error && (
            <Alert tone="error" className="mt-4">
              {errorText(error)}
            </Alert>
          )}
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
        </>
      )}
    </div>
  )
}

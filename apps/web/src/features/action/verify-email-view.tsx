import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button } from '../../components/button'
import { MessageCard } from '../../components/centered-layout'
import { Modal, ModalActions } from '../../components/modal'
import { PageSpinner } from '../../components/spinner'
import { routes } from '../../routes'
import { verifyEmail } from '../auth/auth-api'
import { userQueryKey } from '../auth/use-session'

/** verifyEmail leads to a sign-in-again dialog; failure is unknownError. */
export function VerifyEmailView({ code, signInPath }: { code: string; signInPath: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const result = useQuery({
    queryKey: ['action', 'verifyEmail', code],
    queryFn: () => verifyEmail(code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  // A session in this browser now has a verified email: refetch it on the next read.
  useEffect(() => {
    if (result.isSuccess) void queryClient.invalidateQueries({ queryKey: userQueryKey })
  }, [result.isSuccess, queryClient])

  if (result.isPending) return <PageSpinner label={t('action.working')} />
  if (result.isError) {
    return (
      <MessageCard title={t('action.verifyFailedTitle')} body={t('action.verifyFailedBody')}>
        <Button onClick={() => navigate(routes.signIn)}>{t('auth.signIn.submit')}</Button>
      </MessageCard>
    )
  }
  return (
    <Modal open dismissable={false} title={t('action.verifiedTitle')} description={t('action.verifiedBody')}>
      <ModalActions>
        <Button onClick={() => navigate(signInPath, { replace: true })}>{t('action.signInAgain')}</Button>
      </ModalActions>
    </Modal>
  )
}

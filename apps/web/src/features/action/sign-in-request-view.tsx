import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Modal, ModalActions } from '../../components/modal'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { verifySignInRequest } from '../auth/auth-api'

/** Confirm sends the code, then a thanks toast and home; decline goes home. */
export function SignInRequestView({ code }: { code: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const toast = useToast()
  const errorText = useErrorText()
  const confirm = useMutation({
    mutationFn: () => verifySignInRequest(code),
    onSuccess: () => {
      toast({ title: t('action.signInRequestThanks'), tone: 'success' })
      navigate(routes.home, { replace: true })
    },
  })
  return (
    <Modal
      open
      dismissable={false}
      title={t('action.signInRequestTitle')}
      description={t('action.signInRequestBody')}
    >
      {confirm.isError && <Alert tone="error">{errorText(confirm.error)}</Alert>}
      <ModalActions>
        <Button
          variant="secondary"
          disabled={confirm.isPending}
          onClick={() => navigate(routes.home, { replace: true })}
        >
          {t('action.decline')}
        </Button>
        <Button loading={confirm.isPending} onClick={() => confirm.mutate()}>
          {t('action.confirm')}
        </Button>
      </ModalActions>
    </Modal>
  )
}

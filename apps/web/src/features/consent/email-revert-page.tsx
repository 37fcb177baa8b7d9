import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { CenteredLayout, MessageCard } from '../../components/centered-layout'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { revertEmailChange } from './privacy-api'

/**
 * The old address's link after an email change. It needs no session; the change is undone only
 * when the reader presses the button, so a mail scanner opening the link changes nothing.
 */
export function EmailRevertPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const [params] = useSearchParams()
  const code = params.get('verification_code') ?? ''
  const revert = useMutation({ mutationFn: () => revertEmailChange(code) })
  return (
    <CenteredLayout>
      {revert.isSuccess ? (
        <MessageCard
          title={t('accountPrivacy.revert.doneTitle')}
          body={t('accountPrivacy.revert.doneBody', { email: revert.data.email })}
        >
          <Link to={routes.forgotPassword} className={buttonClass('primary')}>
            {t('accountPrivacy.revert.resetPassword')}
          </Link>
          <Link to={routes.signIn} className={buttonClass('secondary')}>
            {t('accountPrivacy.revert.signIn')}
          </Link>
        </MessageCard>
      ) : (
        <MessageCard title={t('accountPrivacy.revert.title')} body={t('accountPrivacy.revert.body')}>
          <div className="w-full space-y-3">
            {!code && <Alert tone="error">{t('accountPrivacy.revert.noCode')}</Alert>}
            {revert.isError && <Alert tone="error">{errorText(revert.error)}</Alert>}
            <Button onClick={() => revert.mutate()} loading={revert.isPending} disabled={!code}>
              {t('accountPrivacy.revert.undo')}
            </Button>
          </div>
        </MessageCard>
      )}
    </CenteredLayout>
  )
}

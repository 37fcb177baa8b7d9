import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useSearchParams } from 'react-router'
import { buttonClass } from '../../components/button'
import { CenteredLayout, MessageCard } from '../../components/centered-layout'
import { routes } from '../../routes'
import { useLangParam } from '../auth/use-lang-param'
import { type ActionPlan, planAction, readActionParams } from './action-plan'
import { OptOutView } from './opt-out-view'
import { SignInRequestView } from './sign-in-request-view'
import { VerifyEmailView } from './verify-email-view'

function ActionBody({ plan }: { plan: ActionPlan }) {
  const { t } = useTranslation()
  const home = (
    <Link to={routes.home} className={buttonClass('primary')}>
      {t('common.continue')}
    </Link>
  )
  switch (plan.kind) {
    case 'redirect':
      return <Navigate to={plan.to} replace />
    case 'optOutOfUpdates':
      return <OptOutView code={plan.code} />
    case 'verifyEmail':
      return <VerifyEmailView code={plan.code} signInPath={plan.signInPath} />
    case 'verifySignInRequest':
      return <SignInRequestView code={plan.code} />
    case 'nothing':
      return (
        <MessageCard title={t('action.nothingTitle')} body={t('action.nothingBody')}>
          {home}
        </MessageCard>
      )
    case 'error':
      return plan.error === 'unknownMode' ? (
        <MessageCard title={t('action.unknownModeTitle')} body={t('action.unknownModeBody')}>
          {home}
        </MessageCard>
      ) : (
        <MessageCard title={t('action.missingCodeTitle')} body={t('action.missingCodeBody')}>
          {home}
        </MessageCard>
      )
  }
}

/** The email-link action handler: the page every email link opens. */
export function ActionPage() {
  const [params] = useSearchParams()
  useLangParam()
  const plan = useMemo(() => planAction(readActionParams(params), window.location.origin), [params])
  return (
    <CenteredLayout>
      <ActionBody plan={plan} />
    </CenteredLayout>
  )
}

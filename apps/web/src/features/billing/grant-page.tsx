import { useMutation, useQuery } from '@tanstack/react-query'
import { billingDisplayTier, isTier } from '@timbre/contract'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { PageSpinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { ApiError } from '../../lib/api-error'
import { formatCount } from '../../lib/format-count'
import { routes } from '../../routes'
import { useSession } from '../auth/use-session'
import { acceptGrantSession, convertWorkspaceToGrant, getGrantSession } from './billing-api'
import { useRefreshBilling } from './billing-queries'
import { planName } from './format'
import { grantStep } from './grant-logic'
import { panel, TestModeShell } from './test-mode-shell'

const shownTier = (tier: string) => (isTier(tier) ? billingDisplayTier(tier) : tier)

/**
 * Where a grant offer is accepted: what it gives, for how long, and for a workspace that pays,
 * that accepting converts it (the paid plan follows the grant).
 */
export function GrantAcceptancePage() {
  const { t, i18n } = useTranslation()
  const { sessionId = '' } = useParams()
  const session = useSession()
  const navigate = useNavigate()
  const toast = useToast()
  const errorText = useErrorText()
  const refresh = useRefreshBilling()
  const details = useQuery({
    queryKey: ['billing', 'grant-session', sessionId],
    queryFn: () => getGrantSession(sessionId),
    enabled: session.status === 'signedIn',
    retry: false,
  })
  const accept = useMutation({
    mutationFn: (convert: boolean) =>
      convert ? convertWorkspaceToGrant(sessionId) : acceptGrantSession(sessionId),
    onSuccess: (info) => {
      refresh(info)
      toast({
        title: t('billing.grant.accepted', { plan: planName(t, shownTier(info.tier)) }),
        tone: 'success',
      })
      navigate(routes.subscription)
    },
  })

  if (session.status === 'signedOut') return <Navigate to={routes.signIn} replace />
  const data = details.data
  const step = data ? grantStep(data) : null
  return (
    <TestModeShell banner={t('billing.grant.banner')}>
      {(session.status === 'loading' || details.isPending) && <PageSpinner label={t('common.loading')} />}
      {details.isError && (
        <div className="space-y-4">
          <Alert tone="error">
            {details.error instanceof ApiError && details.error.code === 'checkout_session_not_found'
              ? t('billing.grant.notFound')
              : errorText(details.error)}
          </Alert>
          <Link to={routes.subscription} className={buttonClass('secondary')}>
            {t('billing.checkout.back')}
          </Link>
        </div>
      )}
      {data && (
        <section className={panel} aria-labelledby="grant-title">
          <p className="text-xs font-semibold tracking-wide text-accent-700 uppercase">
            {t('billing.grant.eyebrow')}
          </p>
          <h1 id="grant-title" className="mt-3 text-xl font-semibold tracking-tight text-neutral-900">
            {t('billing.grant.title')}
          </h1>
          <dl className="mt-4 space-y-2 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-neutral-600">{t('billing.grant.plan')}</dt>
              <dd className="font-medium text-neutral-900" data-testid="grant-plan">
                {planName(t, shownTier(data.grant_tier))}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-neutral-600">{t('billing.grant.credits')}</dt>
              <dd className="text-neutral-900" data-testid="grant-credits">
                {t('billing.grant.wholeGrant', { credits: formatCount(data.character_limit, i18n.language) })}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-neutral-600">{t('billing.grant.duration')}</dt>
              <dd className="text-neutral-900" data-testid="grant-months">
                {t('billing.grant.months', { count: data.duration_months })}
              </dd>
            </div>
          </dl>
          {step === 'convert' && (
            <div className="mt-4">
              <Alert tone="info">
                {t('billing.grant.conversion', {
                  current: planName(t, shownTier(data.current_tier)),
                  plan: planName(t, shownTier(data.grant_tier)),
                })}
              </Alert>
            </div>
          )}
          {accept.isError && (
            <div className="mt-4">
              <Alert tone="error">{errorText(accept.error)}</Alert>
            </div>
          )}
          <div className="mt-6 flex flex-col gap-2">
            {(step === 'accept' || step === 'convert') && (
              <Button block loading={accept.isPending} onClick={() => accept.mutate(step === 'convert')}>
                {t(step === 'convert' ? 'billing.grant.convert' : 'billing.grant.accept')}
              </Button>
            )}
            {step === 'accepted' && <Alert tone="success">{t('billing.grant.alreadyAccepted')}</Alert>}
            {step === 'expired' && <Alert tone="warning">{t('billing.grant.expired')}</Alert>}
            <Link to={routes.subscription} className={buttonClass('secondary', 'w-full')}>
              {t('billing.checkout.back')}
            </Link>
          </div>
        </section>
      )}
    </TestModeShell>
  )
}

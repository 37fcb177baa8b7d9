import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Badge } from '../../components/badge'
import { Button } from '../../components/button'
import { Spinner } from '../../components/spinner'
import { useErrorText } from '../../i18n/use-error-text'
import { formatDate } from '../../lib/format-date'
import { ApplicationForm } from './application-form'
import {
  getMyApplications,
  getPartnerApplications,
  getPartners,
  type ImpactApplication,
  type ImpactPartner,
  redeemGrant,
} from './impact-api'
import { ReviewQueue } from './review-queue'
import { StatusBadge } from './status-badge'

/** A partner: who it is, what an approval grants, and the application (or its state). */
function PartnerCard({ partner, application }: { partner: ImpactPartner; application?: ImpactApplication }) {
  const { t } = useTranslation()
  const [applying, setApplying] = useState(false)
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-neutral-900">{partner.name}</h3>
        <Badge>{t(`impact.category.${partner.category}`, { defaultValue: partner.category })}</Badge>
      </div>
      <p className="mt-1 text-sm text-neutral-600">{partner.description}</p>
      <p className="mt-2 text-sm text-neutral-800">
        {t('impact.benefit', {
          plan: t(`impact.tier.${partner.benefit.tier}`, { defaultValue: partner.benefit.tier }),
          count: partner.benefit.duration_months,
        })}
      </p>
      {application ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-neutral-600">
          {t('impact.applied')} <StatusBadge status={application.status} />
        </p>
      ) : applying ? (
        <ApplicationForm partnerId={partner.partner_id} onDone={() => setApplying(false)} />
      ) : (
        <Button className="mt-3" variant="secondary" onClick={() => setApplying(true)}>
          {t('impact.apply')}
        </Button>
      )}
    </li>
  )
}

/** One of the user's applications: its state, the partner's message, and what to do next. */
function MyApplication({ application }: { application: ImpactApplication }) {
  const { t, i18n } = useTranslation()
  const errorText = useErrorText()
  const [answering, setAnswering] = useState(false)
  const redeem = useMutation({
    mutationFn: () => redeemGrant(application.grant_code ?? ''),
    onSuccess: (session) => window.location.assign(session.url),
  })
  return (
    <li className="space-y-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-neutral-900">
          {application.partner_name} · {application.organisation}
        </p>
        <StatusBadge status={application.status} />
      </div>
      <p className="text-xs text-neutral-500">
        {t('impact.updated', { date: formatDate(application.updated_at_unix, i18n.language) })}
      </p>
      {application.review_message && (
        <Alert tone={application.status === 'more_info_requested' ? 'warning' : 'info'}>
          {t('impact.partnerSays', { message: application.review_message })}
        </Alert>
      )}
      {application.status === 'more_info_requested' &&
        (answering ? (
          <ApplicationForm
            partnerId={application.partner_id}
            initial={{ organisation: application.organisation, statement: application.statement }}
            onDone={() => setAnswering(false)}
          />
        ) : (
          <Button variant="secondary" onClick={() => setAnswering(true)}>
            {t('impact.answer')}
          </Button>
        ))}
      {application.status === 'approved' && application.grant_code && (
        <Button onClick={() => redeem.mutate()} loading={redeem.isPending}>
          {t('impact.claimBenefit')}
        </Button>
      )}
      {redeem.isError && <Alert tone="error">{errorText(redeem.error)}</Alert>}
    </li>
  )
}

/** The impact program: partners to apply to, one's applications, and (for partners) reviews. */
export function ImpactPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const partners = useQuery({ queryKey: ['impact', 'partners'], queryFn: getPartners })
  const mine = useQuery({ queryKey: ['impact', 'mine'], queryFn: getMyApplications })
  const queue = useQuery({ queryKey: ['impact', 'queue'], queryFn: getPartnerApplications })
  const applications = mine.data?.applications ?? []
  const error = partners.error ?? mine.error ?? queue.error
  return (
    <div className="max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('impact.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{t('impact.intro')}</p>
      </div>
      {error && <Alert tone="error">{errorText(error)}</Alert>}
      {(partners.isPending || mine.isPending) && <Spinner className="size-5" />}
      <ReviewQueue applications={queue.data?.applications ?? []} />
      {applications.length > 0 && (
        <section className="space-y-3">
          <h2 className="text-lg font-semibold text-neutral-900">{t('impact.myApplications')}</h2>
          <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
            {applications.map((a) => (
              <MyApplication key={a.application_id} application={a} />
            ))}
          </ul>
        </section>
      )}
      {partners.data && (
        <section className="space-y-3">
          <h2 className="text-lg font-semibold text-neutral-900">{t('impact.partners')}</h2>
          {partners.data.partners.length === 0 ? (
            <p className="text-sm text-neutral-600">{t('impact.noPartners')}</p>
          ) : (
            <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
              {partners.data.partners.map((p) => (
                <PartnerCard
                  key={p.partner_id}
                  partner={p}
                  application={applications.find(
                    (a) => a.partner_id === p.partner_id && a.status !== 'rejected',
                  )}
                />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  )
}

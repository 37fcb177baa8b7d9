import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { ListPage } from '../../components/list-page'
import { TextField } from '../../components/text-field'
import { CopyRow } from './settings-header'
import type { VerifiedDomain } from './sso-api'
import { SsoSectionLinks } from './sso-section-links'
import { useAddDomain, useDeleteDomain, useDomains, useVerifyDomain } from './use-sso'
import { useSsoErrorText } from './use-sso-error-text'

const BADGES: Record<VerifiedDomain['status'], string> = {
  Passed: 'bg-emerald-100 text-emerald-800',
  Pending: 'bg-amber-100 text-amber-900',
  Unknown: 'bg-neutral-200 text-neutral-800',
}

/** Verified domains: add a domain, publish its TXT record, check it, with guidance on failure. */
export function VerifiedDomainsPage() {
  const { t } = useTranslation()
  const errorText = useSsoErrorText()
  const domains = useDomains()
  const add = useAddDomain()
  const [domain, setDomain] = useState('')
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (domain.trim()) add.mutate(domain.trim(), { onSuccess: () => setDomain('') })
  }
  return (
    <ListPage
      nav={<SsoSectionLinks />}
      title={t('sso.domains.title')}
      subtitle={t('sso.domains.subtitle')}
      actions={null}
      loading={domains.isPending}
      error={domains.isError ? errorText(domains.error) : null}
      items={domains.data}
      empty={t('sso.domains.empty')}
      renderItems={(list) => (
        <ul className="space-y-3">
          {list.map((d) => (
            <DomainItem key={d.domain_id} domain={d} />
          ))}
        </ul>
      )}
    >
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-64 flex-1"
          label={t('sso.domains.add')}
          placeholder="example.com"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
        />
        <Button type="submit" loading={add.isPending}>
          {t('sso.domains.addButton')}
        </Button>
      </form>
      {add.isError && <Alert tone="error">{errorText(add.error)}</Alert>}
    </ListPage>
  )
}

function DomainItem({ domain }: { domain: VerifiedDomain }) {
  const { t } = useTranslation()
  const errorText = useSsoErrorText()
  const verify = useVerifyDomain()
  const remove = useDeleteDomain()
  const [confirming, setConfirming] = useState(false)
  // The guidance of the check just made; the list itself does not carry it.
  const guidance = verify.data?.guidance ?? null
  return (
    <li className="space-y-3 rounded-2xl border border-neutral-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <span className="font-medium text-neutral-900">{domain.domain}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${BADGES[domain.status]}`}>
            {t(`sso.domains.status.${domain.status}`)}
          </span>
        </div>
        <div className="flex gap-2">
          {domain.status !== 'Passed' && (
            <Button
              variant="secondary"
              loading={verify.isPending}
              onClick={() => verify.mutate(domain.domain_id)}
            >
              {t('sso.domains.verify')}
            </Button>
          )}
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t('sso.domains.delete')}
          </Button>
        </div>
      </div>
      {domain.status !== 'Passed' && (
        <>
          <p className="text-sm text-neutral-600">{t('sso.domains.instructions')}</p>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-[6rem_1fr_2fr]">
            <CopyRow label={t('sso.domains.recordType')} value={domain.verification_record.type} />
            <CopyRow label={t('sso.domains.recordName')} value={domain.verification_record.name} />
            <CopyRow label={t('sso.domains.recordValue')} value={domain.verification_record.value} />
          </dl>
        </>
      )}
      {guidance && (
        <Alert tone={guidance.code === 'dns_lookup_failed' ? 'warning' : 'error'}>
          {t(`sso.domains.guidance.${guidance.code}`, {
            defaultValue: guidance.message,
            name: domain.verification_record.name,
            value: domain.verification_record.value,
          })}
        </Alert>
      )}
      {verify.isSuccess && verify.data.status === 'Passed' && (
        <Alert tone="success">{t('sso.domains.passed')}</Alert>
      )}
      {verify.isError && <Alert tone="error">{errorText(verify.error)}</Alert>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('sso.domains.deleteTitle', { domain: domain.domain })}
        description={t('sso.domains.deleteText')}
        confirmLabel={t('sso.domains.delete')}
        tone="danger"
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={() => remove.mutate(domain.domain_id, { onSuccess: () => setConfirming(false) })}
      />
    </li>
  )
}

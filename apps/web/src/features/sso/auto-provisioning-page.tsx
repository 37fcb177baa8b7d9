import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { PageSpinner } from '../../components/spinner'
import { Switch } from '../../components/switch'
import { formatDateTime } from '../../lib/format-date'
import { SettingsHeader } from './settings-header'
import { SsoSectionLinks } from './sso-section-links'
import { useSsoSettings, useUpdateSsoSettings } from './use-sso'
import { useSsoErrorText } from './use-sso-error-text'

/** Auto provisioning: people from the verified domains join as members on their first SSO sign-in. */
export function AutoProvisioningPage() {
  const { t, i18n } = useTranslation()
  const errorText = useSsoErrorText()
  const settings = useSsoSettings()
  const update = useUpdateSsoSettings()
  const auto = settings.data?.user_auto_provisioning
  return (
    <div className="space-y-6">
      <SsoSectionLinks />
      <SettingsHeader title={t('sso.autoProvisioning.title')} subtitle={t('sso.autoProvisioning.subtitle')} />
      {settings.isPending && <PageSpinner label={t('common.loading')} />}
      {settings.isError && <Alert tone="error">{errorText(settings.error)}</Alert>}
      {auto && (
        <section className="space-y-3 rounded-2xl border border-neutral-200 p-5">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 className="text-base font-semibold text-neutral-900">{t('sso.autoProvisioning.switch')}</h2>
              <p className="mt-1 text-sm text-neutral-600">{t('sso.autoProvisioning.text')}</p>
            </div>
            <Switch
              label={t('sso.autoProvisioning.switch')}
              checked={auto.enabled}
              disabled={update.isPending}
              onChange={(checked) => update.mutate({ user_auto_provisioning_enabled: checked })}
            />
          </div>
          {auto.enabled && auto.enabled_at_unix && (
            <p className="text-sm text-neutral-500">
              {t('sso.autoProvisioning.enabledBy', {
                email: auto.enabled_by_user_email ?? '',
                date: formatDateTime(auto.enabled_at_unix, i18n.language),
              })}
            </p>
          )}
          {update.isError && <Alert tone="error">{errorText(update.error)}</Alert>}
        </section>
      )}
    </div>
  )
}

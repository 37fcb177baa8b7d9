import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { PageSpinner } from '../../components/spinner'
import { Switch } from '../../components/switch'
import { useToast } from '../../components/toaster'
import { ProviderEditor } from './provider-editor'
import { CopyRow, SettingsHeader } from './settings-header'
import type { IdentityProvider } from './sso-api'
import { SsoSectionLinks } from './sso-section-links'
import { useDeleteProvider, useIdentityProviders, useSsoSettings, useUpdateSsoSettings } from './use-sso'
import { useSsoErrorText } from './use-sso-error-text'

/** Security and SSO, single sign-on part: the identity provider and whether SSO is required. */
export function SsoSettingsPage() {
  const { t } = useTranslation()
  const errorText = useSsoErrorText()
  const providers = useIdentityProviders()
  const [editing, setEditing] = useState(false)
  const provider = providers.data?.[0] ?? null

  return (
    <div className="space-y-6">
      <SsoSectionLinks />
      <SettingsHeader
        title={t('sso.page.title')}
        subtitle={t('sso.page.subtitle')}
        aside={
          providers.isSuccess &&
          !provider &&
          !editing && <Button onClick={() => setEditing(true)}>{t('sso.provider.add')}</Button>
        }
      />
      {providers.isPending && <PageSpinner label={t('common.loading')} />}
      {providers.isError && <Alert tone="error">{errorText(providers.error)}</Alert>}
      {providers.isSuccess && !provider && !editing && (
        <p className="rounded-2xl border border-dashed border-neutral-300 p-10 text-center text-sm text-neutral-500">
          {t('sso.provider.empty')}
        </p>
      )}
      {editing && <ProviderEditor provider={provider} onDone={() => setEditing(false)} />}
      {provider && !editing && <ProviderCard provider={provider} onEdit={() => setEditing(true)} />}
      {provider && <RequireSso />}
    </div>
  )
}

function ProviderCard({ provider, onEdit }: { provider: IdentityProvider; onEdit: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useSsoErrorText()
  const remove = useDeleteProvider()
  const [confirming, setConfirming] = useState(false)
  return (
    <section className="space-y-4 rounded-2xl border border-neutral-200 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-neutral-900">{provider.name}</h2>
          <p className="text-sm text-neutral-600">
            {t(`sso.provider.types.${provider.type}`)} · {provider.domains.join(', ')}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onEdit}>
            {t('sso.provider.edit')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t('sso.provider.delete')}
          </Button>
        </div>
      </div>
      <p className="text-sm text-neutral-600">{t('sso.provider.giveToProvider')}</p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {provider.type === 'oidc' ? (
          <>
            <CopyRow label={t('sso.provider.redirectUri')} value={provider.redirect_uri ?? ''} />
            <CopyRow label={t('sso.provider.issuer')} value={provider.issuer} />
          </>
        ) : (
          <>
            <CopyRow label={t('sso.provider.acsUrl')} value={provider.acs_url ?? ''} />
            <CopyRow label={t('sso.provider.spEntityId')} value={provider.sp_entity_id ?? ''} />
            <CopyRow
              label={t('sso.provider.metadata')}
              value={`${window.location.origin}/v1/sso/saml/${provider.provider_id}/metadata`}
            />
          </>
        )}
      </dl>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('sso.provider.deleteTitle')}
        description={t('sso.provider.deleteText')}
        confirmLabel={t('sso.provider.delete')}
        tone="danger"
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error) : null}
        onConfirm={() =>
          remove.mutate(provider.provider_id, {
            onSuccess: () => {
              setConfirming(false)
              toast({ title: t('sso.provider.deleted'), tone: 'success' })
            },
          })
        }
      />
    </section>
  )
}

function RequireSso() {
  const { t } = useTranslation()
  const errorText = useSsoErrorText()
  const settings = useSsoSettings()
  const update = useUpdateSsoSettings()
  if (!settings.isSuccess) return null
  return (
    <section className="space-y-3 rounded-2xl border border-neutral-200 p-5">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 className="text-base font-semibold text-neutral-900">{t('sso.require.title')}</h2>
          <p className="mt-1 text-sm text-neutral-600">{t('sso.require.text')}</p>
        </div>
        <Switch
          label={t('sso.require.title')}
          checked={settings.data.sso_required}
          disabled={update.isPending}
          onChange={(checked) => update.mutate({ sso_required: checked })}
        />
      </div>
      {update.isError && <Alert tone="error">{errorText(update.error)}</Alert>}
    </section>
  )
}

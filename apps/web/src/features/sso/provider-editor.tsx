import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { TextField } from '../../components/text-field'
import { draftFrom, formFrom, type ProviderDraft } from './provider-form'
import type { IdentityProvider } from './sso-api'
import { useSaveProvider } from './use-sso'
import { useSsoErrorText } from './use-sso-error-text'

/** The form that sets up or changes the workspace's OIDC or SAML identity provider. */
export function ProviderEditor({
  provider,
  onDone,
}: {
  provider: IdentityProvider | null
  onDone: () => void
}) {
  const { t } = useTranslation()
  const errorText = useSsoErrorText()
  const save = useSaveProvider()
  const [draft, setDraft] = useState<ProviderDraft>(() => draftFrom(provider))
  const set = (patch: Partial<ProviderDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ id: provider?.provider_id ?? null, form: formFrom(draft) }, { onSuccess: onDone })
  }
  const textarea =
    'block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 font-mono text-xs text-neutral-900 shadow-xs focus:border-accent-600 focus:outline-none'

  return (
    <form onSubmit={onSubmit} className="space-y-4 rounded-2xl border border-neutral-200 p-5">
      {save.isError && <Alert tone="error">{errorText(save.error)}</Alert>}
      {!provider && (
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-neutral-900">{t('sso.provider.type')}</legend>
          <div className="flex gap-2">
            {(['oidc', 'saml'] as const).map((type) => (
              <Button
                key={type}
                type="button"
                variant={draft.type === type ? 'primary' : 'secondary'}
                aria-pressed={draft.type === type}
                onClick={() => set({ type })}
              >
                {t(`sso.provider.types.${type}`)}
              </Button>
            ))}
          </div>
        </fieldset>
      )}
      <TextField
        label={t('sso.provider.name')}
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      {draft.type === 'oidc' ? (
        <>
          <TextField
            label={t('sso.provider.issuer')}
            hint={t('sso.provider.issuerHint')}
            type="url"
            value={draft.issuer}
            onChange={(e) => set({ issuer: e.target.value })}
            required
          />
          <TextField
            label={t('sso.provider.clientId')}
            value={draft.clientId}
            onChange={(e) => set({ clientId: e.target.value })}
            required
          />
          <TextField
            label={t('sso.provider.clientSecret')}
            hint={provider ? t('sso.provider.clientSecretKeep') : t('sso.provider.clientSecretHint')}
            type="password"
            autoComplete="off"
            value={draft.clientSecret}
            onChange={(e) => set({ clientSecret: e.target.value })}
            revealable
          />
        </>
      ) : (
        <>
          <TextField
            label={t('sso.provider.ssoUrl')}
            type="url"
            value={draft.ssoUrl}
            onChange={(e) => set({ ssoUrl: e.target.value })}
            required
          />
          <TextField
            label={t('sso.provider.entityId')}
            value={draft.entityId}
            onChange={(e) => set({ entityId: e.target.value })}
            required
          />
          <label className="block">
            <span className="mb-1.5 block text-sm font-medium text-neutral-900">
              {t('sso.provider.certificates')}
            </span>
            <textarea
              className={textarea}
              rows={6}
              value={draft.certificates}
              placeholder="-----BEGIN CERTIFICATE-----"
              onChange={(e) => set({ certificates: e.target.value })}
            />
            <span className="mt-1 block text-xs text-neutral-500">{t('sso.provider.certificatesHint')}</span>
          </label>
        </>
      )}
      <TextField
        label={t('sso.provider.domains')}
        hint={t('sso.provider.domainsHint')}
        value={draft.domains}
        onChange={(e) => set({ domains: e.target.value })}
        required
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('sso.provider.save')}
        </Button>
      </div>
    </form>
  )
}

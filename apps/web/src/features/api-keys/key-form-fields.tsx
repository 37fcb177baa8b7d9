import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../components/text-field'
import { type KeyFormErrors, type KeyFormValues, MAX_KEY_NAME } from './key-form'
import { API_KEY_SCOPES, type ApiKeyScope } from './scopes'

type Props = { values: KeyFormValues; onChange: (values: KeyFormValues) => void; errors: KeyFormErrors }

export function KeyFormFields({ values, onChange, errors }: Props) {
  const { t } = useTranslation()
  const id = useId()
  const set = (patch: Partial<KeyFormValues>) => onChange({ ...values, ...patch })
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    set({ scopes: on ? [...values.scopes, scope] : values.scopes.filter((s) => s !== scope) })
  const radio = (restricted: boolean, label: string) => (
    <label className="flex cursor-pointer items-center gap-2 text-sm text-neutral-800">
      <input
        type="radio"
        name={`${id}-access`}
        checked={values.restricted === restricted}
        onChange={() => set({ restricted })}
        className="size-4 accent-accent-600"
      />
      {label}
    </label>
  )

  return (
    <div className="space-y-5">
      <TextField
        label={t('apiKeys.form.name')}
        value={values.name}
        maxLength={MAX_KEY_NAME}
        onChange={(e) => set({ name: e.target.value })}
        error={errors.name ? t('apiKeys.form.nameRequired') : null}
        required
        autoFocus
      />
      <fieldset aria-describedby={`${id}-hint`}>
        <legend className="mb-2 text-sm font-medium text-neutral-800">{t('apiKeys.form.permissions')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {radio(false, t('apiKeys.form.all'))}
          {radio(true, t('apiKeys.form.restricted'))}
        </div>
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-neutral-500">
          {t('apiKeys.form.restrictedHint')}
        </p>
        {values.restricted && (
          <div className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 rounded-lg border border-neutral-200 p-3 sm:grid-cols-2">
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm text-neutral-700">
                <input
                  type="checkbox"
                  checked={values.scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                  className="size-4 accent-accent-600"
                />
                {t(`apiKeys.scopes.${scope}`)}
              </label>
            ))}
          </div>
        )}
        {errors.scopes && <p className="mt-1.5 text-xs text-red-600">{t('apiKeys.form.pickOne')}</p>}
      </fieldset>
      <TextField
        label={t('common.optionalLabel', { label: t('apiKeys.form.creditLimit') })}
        inputMode="numeric"
        value={values.creditLimit}
        onChange={(e) => set({ creditLimit: e.target.value })}
        hint={t('apiKeys.form.creditLimitHint')}
        error={errors.creditLimit ? t('apiKeys.form.creditLimitInvalid') : null}
      />
    </div>
  )
}

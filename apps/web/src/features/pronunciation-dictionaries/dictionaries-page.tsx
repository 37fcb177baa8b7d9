import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { CheckboxField } from '../../components/checkbox-field'
import { PageSpinner } from '../../components/spinner'
import { TextField } from '../../components/text-field'
import { useErrorText } from '../../i18n/use-error-text'
import { pathTo } from '../../routes'
import { useCreateDictionary, useDictionaries } from './use-dictionaries'

/** The workspace's pronunciation dictionaries: list and create. */
export function DictionariesPage() {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const navigate = useNavigate()
  const [showArchived, setShowArchived] = useState(false)
  const list = useDictionaries(showArchived)
  const create = useCreateDictionary()
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (name.trim() === '') {
      setNameError(t('dictionaries.nameRequired'))
      return
    }
    setNameError(null)
    create.mutate(
      { name: name.trim(), rules: [] },
      { onSuccess: (made) => navigate(pathTo('dictionary', { id: made.id })) },
    )
  }

  return (
    <div className="space-y-6">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">{t('dictionaries.title')}</h1>
        <p className="mt-1 text-sm text-neutral-600">{t('dictionaries.subtitle')}</p>
      </div>

      <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <TextField
          className="w-full sm:max-w-sm"
          label={t('dictionaries.name')}
          value={name}
          maxLength={255}
          error={nameError}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" loading={create.isPending}>
          {t('dictionaries.create')}
        </Button>
      </form>
      {create.isError && (
        <Alert tone="error">{errorText(create.error, t('dictionaries.createFailed'))}</Alert>
      )}

      <CheckboxField checked={showArchived} onChange={setShowArchived}>
        {t('dictionaries.showArchived')}
      </CheckboxField>

      {list.isPending && <PageSpinner label={t('common.loading')} />}
      {list.isError && <Alert tone="error">{errorText(list.error, t('dictionaries.loadFailed'))}</Alert>}
      {list.isSuccess && list.data.length === 0 && (
        <p className="rounded-2xl border border-dashed border-neutral-300 p-10 text-center text-sm text-neutral-500">
          {t('dictionaries.empty')}
        </p>
      )}
      {list.isSuccess && list.data.length > 0 && (
        <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
          {list.data.map((d) => (
            <li key={d.id}>
              <Link
                to={pathTo('dictionary', { id: d.id })}
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <span className="font-medium text-neutral-900">{d.name}</span>
                <span className="text-sm text-neutral-500">
                  {t('dictionaries.rulesCount', { count: d.latest_version_rules_num })}
                  {d.archived_time_unix ? ` · ${t('dictionaries.archived')}` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { CheckboxField } from '../../components/checkbox-field'
import { LinkRow, ListPage, rowListClass } from '../../components/list-page'
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
    <ListPage
      title={t('dictionaries.title')}
      subtitle={t('dictionaries.subtitle')}
      loading={list.isPending}
      error={list.isError ? errorText(list.error, t('dictionaries.loadFailed')) : null}
      items={list.data}
      empty={t('dictionaries.empty')}
      renderItems={(dictionaries) => (
        <ul className={rowListClass}>
          {dictionaries.map((d) => (
            <LinkRow
              key={d.id}
              to={pathTo('dictionary', { id: d.id })}
              name={d.name}
              facts={`${t('dictionaries.rulesCount', { count: d.latest_version_rules_num })}${
                d.archived_time_unix ? ` · ${t('dictionaries.archived')}` : ''
              }`}
            />
          ))}
        </ul>
      )}
    >
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
    </ListPage>
  )
}

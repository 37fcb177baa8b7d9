import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Alert } from '../../components/alert'
import { Button, buttonClass } from '../../components/button'
import { CheckboxField } from '../../components/checkbox-field'
import { PageSpinner } from '../../components/spinner'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { routes } from '../../routes'
import { newDraft, previewModel, type RuleDraft, ruleProblem, toDraft, toRuleInput } from './dictionary-rules'
import { dictionaryDownloadUrl } from './pronunciation-dictionaries-api'
import { RuleRow } from './rule-row'
import {
  useDictionary,
  useSaveRules,
  useSetWorkspaceDictionaries,
  useUpdateDictionary,
  useWorkspaceDictionaries,
} from './use-dictionaries'
import { WordPreview } from './word-preview'

/** One dictionary: its rules (saved as a new version), archive, PLS download and a preview. */
export function DictionaryEditorPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const toast = useToast()
  const errorText = useErrorText()
  const dictionary = useDictionary(id)
  const save = useSaveRules(id)
  const update = useUpdateDictionary(id)
  const defaults = useWorkspaceDictionaries()
  const setDefaults = useSetWorkspaceDictionaries()
  const [drafts, setDrafts] = useState<RuleDraft[] | null>(null)
  const [checked, setChecked] = useState(false)

  useEffect(() => {
    if (dictionary.data && drafts === null) setDrafts(dictionary.data.rules.map(toDraft))
  }, [dictionary.data, drafts])

  if (dictionary.isPending) return <PageSpinner label={t('common.loading')} />
  if (dictionary.isError)
    return <Alert tone="error">{errorText(dictionary.error, t('dictionaries.loadFailed'))}</Alert>
  const d = dictionary.data
  const rows = drafts ?? []
  const readOnly = d.permission_on_resource === 'viewer' || d.archived_time_unix !== undefined
  const invalid = rows.some((r) => ruleProblem(r) !== null)

  const onSave = () => {
    setChecked(true)
    if (invalid) return
    save.mutate(rows.map(toRuleInput), {
      onSuccess: (res) => {
        setChecked(false)
        toast({ title: t('dictionaries.saved', { count: res.version_rules_num }), tone: 'success' })
      },
    })
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link to={routes.dictionaries} className="text-sm text-neutral-600 underline">
            {t('dictionaries.back')}
          </Link>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-neutral-900">{d.name}</h1>
          <p className="mt-1 text-sm text-neutral-600">
            {t('dictionaries.rulesCount', { count: d.latest_version_rules_num })}
            {d.archived_time_unix ? ` · ${t('dictionaries.archived')}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            className={buttonClass('secondary')}
            href={dictionaryDownloadUrl(d.id, d.latest_version_id)}
            download
          >
            {t('dictionaries.download')}
          </a>
          {d.permission_on_resource !== 'viewer' && (
            <Button
              variant="secondary"
              loading={update.isPending}
              onClick={() => update.mutate({ archived: d.archived_time_unix === undefined })}
            >
              {d.archived_time_unix === undefined ? t('dictionaries.archive') : t('dictionaries.unarchive')}
            </Button>
          )}
        </div>
      </div>
      {d.permission_on_resource === 'viewer' && (
        <Alert tone="warning">{t('dictionaries.editorRequired')}</Alert>
      )}
      {d.permission_on_resource === 'admin' && defaults.isSuccess && (
        <CheckboxField
          checked={defaults.data.includes(d.id)}
          disabled={setDefaults.isPending}
          onChange={(on) =>
            setDefaults.mutate(
              on ? [...defaults.data, d.id] : defaults.data.filter((other) => other !== d.id),
            )
          }
        >
          {t('dictionaries.workspaceDefault')}
        </CheckboxField>
      )}
      {setDefaults.isError && <Alert tone="error">{errorText(setDefaults.error)}</Alert>}
      {update.isError && <Alert tone="error">{errorText(update.error)}</Alert>}

      <section aria-labelledby="dictionary-rules" className="space-y-3">
        <h2 id="dictionary-rules" className="text-lg font-semibold text-neutral-900">
          {t('dictionaries.rules')}
        </h2>
        <p className="text-sm text-neutral-600">{t('dictionaries.rulesHint')}</p>
        {rows.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-neutral-300 p-6 text-center text-sm text-neutral-500">
            {t('dictionaries.noRules')}
          </p>
        ) : (
          <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200">
            {rows.map((draft, index) => (
              <RuleRow
                key={draft.key}
                draft={draft}
                index={index}
                readOnly={readOnly}
                showProblem={checked}
                onChange={(next) => setDrafts(rows.map((r) => (r.key === draft.key ? next : r)))}
                onRemove={() => setDrafts(rows.filter((r) => r.key !== draft.key))}
              />
            ))}
          </ul>
        )}
        {!readOnly && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setDrafts([...rows, newDraft()])}>
              {t('dictionaries.addRule')}
            </Button>
            <Button onClick={onSave} loading={save.isPending}>
              {t('dictionaries.save')}
            </Button>
          </div>
        )}
        {checked && invalid && <Alert tone="error">{t('dictionaries.fixRules')}</Alert>}
        {save.isError && <Alert tone="error">{errorText(save.error, t('dictionaries.saveFailed'))}</Alert>}
      </section>

      <WordPreview
        dictionaryId={d.id}
        versionId={d.latest_version_id}
        modelId={previewModel(d.rules.map(toDraft))}
      />
    </div>
  )
}

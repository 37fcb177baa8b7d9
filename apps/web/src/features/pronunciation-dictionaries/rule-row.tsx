import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/icon'
import { Select } from '../../components/select'
import { type RuleDraft, type RuleKind, ruleProblem } from './dictionary-rules'

const FIELD =
  'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:bg-neutral-100'

/** One rule of the editor: kind, the text to replace, its output, letter case. */
export function RuleRow({
  draft,
  index,
  readOnly,
  showProblem,
  onChange,
  onRemove,
}: {
  draft: RuleDraft
  index: number
  readOnly: boolean
  showProblem: boolean
  onChange: (draft: RuleDraft) => void
  onRemove: () => void
}) {
  const { t } = useTranslation()
  const problem = showProblem ? ruleProblem(draft) : null
  const errorId = `rule-${draft.key}-error`
  const label = (what: string) => t('dictionaries.ruleField', { field: what, number: index + 1 })
  return (
    <li className="grid gap-2 px-4 py-3 sm:grid-cols-[9rem_1fr_1fr_auto_auto] sm:items-center">
      <Select<RuleKind>
        aria-label={label(t('dictionaries.type'))}
        className={FIELD}
        value={draft.kind}
        disabled={readOnly}
        onChange={(kind) => {
          const output = kind !== 'alias' && draft.output === '' ? '//' : draft.output
          onChange({ ...draft, kind, output })
        }}
        options={[
          { value: 'alias', label: t('dictionaries.kinds.alias') },
          { value: 'ipa', label: t('dictionaries.kinds.ipa') },
          { value: 'cmu', label: t('dictionaries.kinds.cmu') },
        ]}
      />
      <input
        aria-label={label(t('dictionaries.input'))}
        placeholder={t('dictionaries.input')}
        className={FIELD}
        value={draft.input}
        disabled={readOnly}
        maxLength={200}
        aria-invalid={problem === 'inputRequired' ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => onChange({ ...draft, input: e.target.value })}
      />
      <input
        aria-label={label(t('dictionaries.output'))}
        placeholder={draft.kind === 'alias' ? t('dictionaries.output') : t('dictionaries.phonemePlaceholder')}
        className={`${FIELD} ${draft.kind === 'alias' ? '' : 'font-mono'}`}
        value={draft.output}
        disabled={readOnly}
        aria-invalid={problem && problem !== 'inputRequired' ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(e) => onChange({ ...draft, output: e.target.value })}
      />
      <label className="flex items-center gap-2 text-sm text-neutral-700">
        <input
          type="checkbox"
          className="size-4 accent-accent-600"
          checked={draft.caseSensitive}
          disabled={readOnly}
          onChange={(e) => onChange({ ...draft, caseSensitive: e.target.checked })}
        />
        {t('dictionaries.caseSensitive')}
      </label>
      {!readOnly && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={t('dictionaries.removeRule', { number: index + 1 })}
          className="inline-flex size-10 items-center justify-center rounded-lg text-neutral-600 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          <Icon name="trash" />
        </button>
      )}
      {problem && (
        <p id={errorId} className="text-sm text-red-700 sm:col-span-5">
          {t(`dictionaries.problems.${problem}`)}
        </p>
      )}
    </li>
  )
}

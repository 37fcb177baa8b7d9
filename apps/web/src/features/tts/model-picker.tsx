import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../../components/icon'
import { SheetDialog } from '../../components/sheet-dialog'
import type { Model } from '../../lib/api-types'

/** The chosen model; its list shows each model's description, cost and languages. */
export function ModelPicker({
  models,
  model,
  onChange,
}: {
  models: Model[]
  model: Model | null
  onChange: (m: Model) => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const cost = (m: Model) => t('tts.creditsPerChar', { count: m.model_rates.character_cost_multiplier })
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${t('tts.model')}: ${model?.name ?? ''}`}
        className="flex w-full items-center gap-3 rounded-xl border border-neutral-200 bg-white px-3 py-2.5 text-left hover:border-neutral-300 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
          <Icon name="sparkles" className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-neutral-900">{model?.name ?? '…'}</span>
          {model && <span className="block truncate text-xs text-neutral-500">{cost(model)}</span>}
        </span>
        <Icon name="chevronDown" className="size-4 shrink-0 text-neutral-400" />
      </button>
      <SheetDialog open={open} onOpenChange={setOpen} title={t('tts.models')}>
        <fieldset className="m-0 space-y-2 border-0 p-0">
          <legend className="sr-only">{t('tts.models')}</legend>
          {models.map((m) => {
            const chosen = m.model_id === model?.model_id
            return (
              <label
                key={m.model_id}
                className={`block cursor-pointer rounded-xl border p-3.5 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-accent-600 ${
                  chosen ? 'border-accent-600 bg-accent-50' : 'border-neutral-200 hover:bg-neutral-50'
                }`}
              >
                <input
                  type="radio"
                  name="tts-model"
                  value={m.model_id}
                  checked={chosen}
                  onChange={() => {
                    onChange(m)
                    setOpen(false)
                  }}
                  className="sr-only"
                />
                <span className="flex items-center justify-between gap-3">
                  <span className="text-sm font-semibold text-neutral-900">{m.name}</span>
                  <span className="shrink-0 rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-600">
                    {cost(m)}
                  </span>
                </span>
                <span className="mt-1.5 block text-xs leading-relaxed text-neutral-600">{m.description}</span>
                <span className="mt-1.5 block text-xs text-neutral-500">
                  {t('tts.languagesCount', { count: m.languages.length })}
                </span>
              </label>
            )
          })}
        </fieldset>
      </SheetDialog>
    </>
  )
}

import { VOICE_TEXT_LIMITS } from '@timbre/contract'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Icon } from '../../components/icon'
import { Modal, ModalActions } from '../../components/modal'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import type { Voice } from '../../lib/api-types'
import { type EditError, type EditForm, editFromForm, formFromVoice, validateEdit } from './voice-edit-form'
import { useEditVoice } from './voices-queries'

const inputClass =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-neutral-900 focus:border-accent-600 focus:outline-2 focus:outline-accent-600/20'
const border = (invalid: boolean) => (invalid ? 'border-red-600' : 'border-neutral-300')

/** Edits a workspace voice's name, description and labels. */
export function VoiceEditDialog({ voice, onClose }: { voice: Voice; onClose: () => void }) {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  const nameId = useId()
  const descriptionId = useId()
  const edit = useEditVoice(voice.voice_id)
  const [form, setForm] = useState<EditForm>(() => formFromVoice(voice))
  const [tried, setTried] = useState(false)
  const errors = tried ? validateEdit(form) : []

  const message = (error: EditError): string => {
    switch (error.field) {
      case 'name':
        return error.problem === 'required'
          ? t('voices.form.nameRequired')
          : t('voices.form.nameTooLong', { max: VOICE_TEXT_LIMITS.nameMax })
      case 'description':
        return t('voices.form.descriptionTooLong', { max: VOICE_TEXT_LIMITS.descriptionMax })
      case 'labels':
        return t('voices.form.tooManyLabels', { max: VOICE_TEXT_LIMITS.labelsMax })
      case 'label':
        if (error.problem === 'keyRequired') return t('voices.form.labelKeyRequired')
        if (error.problem === 'duplicate') return t('voices.form.labelDuplicate')
        if (error.problem === 'keyTooLong')
          return t('voices.form.labelKeyTooLong', { max: VOICE_TEXT_LIMITS.labelKeyMax })
        return t('voices.form.labelValueTooLong', { max: VOICE_TEXT_LIMITS.labelValueMax })
    }
  }
  const fieldError = (field: 'name' | 'description' | 'labels') => errors.find((e) => e.field === field)
  const rowErrors = (row: number) => errors.filter((e) => e.field === 'label' && e.row === row)

  const setRow = (index: number, patch: Partial<EditForm['labels'][number]>) =>
    setForm((f) => ({ ...f, labels: f.labels.map((row, i) => (i === index ? { ...row, ...patch } : row)) }))

  const save = () => {
    setTried(true)
    if (validateEdit(form).length > 0) return
    edit.mutate(editFromForm(form), {
      onSuccess: () => {
        toast({ title: t('voices.saved'), tone: 'success' })
        onClose()
      },
    })
  }

  const nameError = fieldError('name')
  const descriptionError = fieldError('description')
  const labelsError = fieldError('labels')
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('voices.editTitle')} width="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          save()
        }}
        className="space-y-5"
      >
        <div>
          <label htmlFor={nameId} className="block text-sm font-medium text-neutral-800">
            {t('voices.form.name')}
          </label>
          <input
            id={nameId}
            value={form.name}
            onChange={(event) => setForm((f) => ({ ...f, name: event.target.value }))}
            aria-invalid={!!nameError}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            maxLength={VOICE_TEXT_LIMITS.nameMax + 20}
            className={`mt-1.5 ${inputClass} ${border(!!nameError)}`}
          />
          {nameError && (
            <p id={`${nameId}-error`} className="mt-1.5 text-sm text-red-700">
              {message(nameError)}
            </p>
          )}
        </div>
        <div>
          <div className="flex items-baseline justify-between gap-2">
            <label htmlFor={descriptionId} className="block text-sm font-medium text-neutral-800">
              {t('common.optionalLabel', { label: t('voices.form.description') })}
            </label>
            <span
              className={`text-xs tabular-nums ${
                form.description.trim().length > VOICE_TEXT_LIMITS.descriptionMax
                  ? 'text-red-700'
                  : 'text-neutral-500'
              }`}
            >
              {form.description.trim().length} / {VOICE_TEXT_LIMITS.descriptionMax}
            </span>
          </div>
          <textarea
            id={descriptionId}
            value={form.description}
            rows={3}
            onChange={(event) => setForm((f) => ({ ...f, description: event.target.value }))}
            aria-invalid={!!descriptionError}
            aria-describedby={descriptionError ? `${descriptionId}-error` : undefined}
            className={`mt-1.5 resize-y ${inputClass} ${border(!!descriptionError)}`}
          />
          {descriptionError && (
            <p id={`${descriptionId}-error`} className="mt-1.5 text-sm text-red-700">
              {message(descriptionError)}
            </p>
          )}
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-neutral-800">{t('voices.labels')}</legend>
          <p className="mt-0.5 text-xs text-neutral-500">{t('voices.form.labelsHint')}</p>
          <ul className="mt-2 space-y-2">
            {form.labels.map((row, index) => {
              const problems = rowErrors(index)
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
                <li key={index}>
                  <div className="flex items-center gap-2">
                    <input
                      value={row.key}
                      onChange={(event) => setRow(index, { key: event.target.value })}
                      aria-label={t('voices.form.labelKey', { n: index + 1 })}
                      placeholder={t('voices.form.labelKeyPlaceholder')}
                      aria-invalid={problems.some((p) => p.field === 'label' && p.problem !== 'valueTooLong')}
                      className={`min-w-0 flex-[2] ${inputClass} ${border(problems.some((p) => p.field === 'label' && p.problem !== 'valueTooLong'))}`}
                    />
                    <input
                      value={row.value}
                      onChange={(event) => setRow(index, { value: event.target.value })}
                      aria-label={t('voices.form.labelValue', { n: index + 1 })}
                      placeholder={t('voices.form.labelValuePlaceholder')}
                      aria-invalid={problems.some((p) => p.field === 'label' && p.problem === 'valueTooLong')}
                      className={`min-w-0 flex-[3] ${inputClass} ${border(problems.some((p) => p.field === 'label' && p.problem === 'valueTooLong'))}`}
                    />
                    <button
                      type="button"
                      onClick={() =>
                        setForm((f) => ({ ...f, labels: f.labels.filter((_, i) => i !== index) }))
                      }
                      aria-label={t('voices.form.removeLabel', { n: index + 1 })}
                      className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-accent-600"
                    >
                      <Icon name="x" className="size-4" />
                    </button>
                  </div>
                  {problems.map((problem) => (
                    <p
                      key={problem.field === 'label' ? problem.problem : problem.field}
                      className="mt-1 text-sm text-red-700"
                    >
                      {message(problem)}
                    </p>
                  ))}
                </li>
              )
            })}
          </ul>
          <Button
            type="button"
            variant="ghost"
            className="mt-2 min-h-9 px-2.5"
            onClick={() => setForm((f) => ({ ...f, labels: [...f.labels, { key: '', value: '' }] }))}
          >
            <Icon name="plus" className="size-4" />
            {t('voices.form.addLabel')}
          </Button>
          {labelsError && <p className="mt-1.5 text-sm text-red-700">{message(labelsError)}</p>}
        </fieldset>
        {edit.isError && <Alert tone="error">{errorText(edit.error)}</Alert>}
        <ModalActions>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={edit.isPending}>
            {t('common.save')}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  )
}

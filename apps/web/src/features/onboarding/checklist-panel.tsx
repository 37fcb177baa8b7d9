import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Icon } from '../../components/icon'
import { CHECKLIST_STEPS, checklistProgress } from './checklist-items'
import type { Checklist } from './onboarding-api'
import { useChecklistActions } from './use-checklist'

type ViewProps = {
  checklist: Checklist
  onHide: () => void
  onComplete: () => void
  busy?: boolean
}

/** The seven first steps with their state; a step is a link to where it is done, when that page exists. */
export function ChecklistPanelView({ checklist, onHide, onComplete, busy = false }: ViewProps) {
  const { t } = useTranslation()
  const { done, total } = checklistProgress(checklist)
  const share = total > 0 ? Math.round((done / total) * 100) : 0
  const allDone = done === total
  return (
    <section
      aria-labelledby="checklist-title"
      className="rounded-2xl border border-neutral-200 bg-white p-5 sm:p-6"
      data-testid="onboarding-checklist"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="checklist-title" className="text-base font-semibold text-neutral-900">
            {t('onboarding.checklist.title')}
          </h2>
          <p className="mt-0.5 text-sm text-neutral-600">
            {allDone ? t('onboarding.checklist.allDone') : t('onboarding.checklist.subtitle')}
          </p>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" className="min-h-9 px-3" onClick={onHide} disabled={busy}>
            {t('onboarding.checklist.hide')}
          </Button>
          <Button
            variant={allDone ? 'primary' : 'ghost'}
            className="min-h-9 px-3"
            onClick={onComplete}
            disabled={busy}
          >
            {t('onboarding.checklist.markComplete')}
          </Button>
        </div>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <div
          className="h-2 flex-1 overflow-hidden rounded-full bg-neutral-100"
          role="progressbar"
          aria-label={t('onboarding.checklist.progress', { done, total })}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
        >
          <div className="h-full rounded-full bg-emerald-500 transition-all" style={{ width: `${share}%` }} />
        </div>
        <span className="text-xs font-medium whitespace-nowrap text-neutral-600">
          {t('onboarding.checklist.progress', { done, total })}
        </span>
      </div>
      <ol className="mt-4 divide-y divide-neutral-100">
        {checklist.items.map((item) => {
          const id = item.onboarding_checklist_item_id
          const step = CHECKLIST_STEPS[id]
          return (
            <li key={id} className="flex items-center gap-3 py-3" data-completed={item.is_completed}>
              <span
                className={`flex size-8 shrink-0 items-center justify-center rounded-full ${
                  item.is_completed
                    ? 'bg-emerald-500 text-white dark:text-neutral-950'
                    : 'bg-neutral-100 text-neutral-500'
                }`}
              >
                <Icon name={item.is_completed ? 'check' : step.icon} className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p
                  className={`text-sm font-medium ${item.is_completed ? 'text-neutral-500 line-through decoration-neutral-300' : 'text-neutral-900'}`}
                >
                  {t(`onboarding.items.${id}.title`)}
                  <span className="sr-only">
                    {' — '}
                    {item.is_completed ? t('onboarding.checklist.done') : t('onboarding.checklist.notDone')}
                  </span>
                </p>
                <p className="mt-0.5 text-xs text-neutral-500">{t(`onboarding.items.${id}.body`)}</p>
                {/* On a phone the badge goes under the text, which keeps the full width. */}
                {!item.is_completed && !step.to && (
                  <span className="mt-1.5 inline-block rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-500 sm:hidden">
                    {t('onboarding.checklist.later')}
                  </span>
                )}
              </div>
              {!item.is_completed &&
                (step.to ? (
                  <Link
                    to={step.to}
                    className="shrink-0 rounded-lg border border-neutral-300 px-3 py-1.5 text-xs font-medium text-neutral-800 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
                  >
                    {t('onboarding.checklist.start')}
                    <span className="sr-only">: {t(`onboarding.items.${id}.title`)}</span>
                  </Link>
                ) : (
                  <span
                    aria-hidden="true"
                    className="hidden shrink-0 rounded-full bg-neutral-100 px-2.5 py-1 text-xs text-neutral-500 sm:inline"
                  >
                    {t('onboarding.checklist.later')}
                  </span>
                ))}
            </li>
          )
        })}
      </ol>
    </section>
  )
}

/**
 * The checklist with its calls; when hidden, a small button brings it back. Marking it complete
 * puts it away for good, so with steps still open the user confirms first.
 */
export function ChecklistPanel({ checklist }: { checklist: Checklist }) {
  const { t } = useTranslation()
  const { hide, complete } = useChecklistActions()
  const [confirming, setConfirming] = useState(false)
  if (checklist.is_completed) return null
  if (checklist.hidden) {
    return (
      <div className="flex justify-end">
        <Button variant="ghost" className="min-h-9 px-3 text-xs" onClick={() => hide.mutate(false)}>
          {t('onboarding.checklist.show')}
        </Button>
      </div>
    )
  }
  const { done, total } = checklistProgress(checklist)
  return (
    <>
      <ChecklistPanelView
        checklist={checklist}
        busy={hide.isPending || complete.isPending}
        onHide={() => hide.mutate(true)}
        onComplete={() => (done === total ? complete.mutate() : setConfirming(true))}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('onboarding.checklist.confirmTitle')}
        description={t('onboarding.checklist.confirmBody', { left: total - done })}
        confirmLabel={t('onboarding.checklist.markComplete')}
        busy={complete.isPending}
        onConfirm={() => complete.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </>
  )
}

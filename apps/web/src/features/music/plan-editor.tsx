import type { CompositionPlan } from '@timbre/contract'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/button'
import { addSection, parseStyles, planLengthMs, removeSection, updateSection } from './music-rules'

const field =
  'w-full rounded-lg border border-neutral-300 bg-white px-2.5 py-1.5 text-sm text-neutral-900 focus:border-accent-600 focus:outline-none'

/** The plan's global styles and its sections: names, lengths (resizable), local styles and lines. */
export function PlanEditor({
  plan,
  onChange,
}: {
  plan: CompositionPlan
  onChange: (plan: CompositionPlan) => void
}) {
  const { t } = useTranslation()
  const total = planLengthMs(plan)
  return (
    <section aria-label={t('music.plan.title')} className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm font-medium text-neutral-800">
          {t('music.plan.positive')}
          <input
            className={`mt-1 ${field}`}
            value={plan.positive_global_styles.join(', ')}
            onChange={(e) => onChange({ ...plan, positive_global_styles: parseStyles(e.target.value) })}
          />
        </label>
        <label className="text-sm font-medium text-neutral-800">
          {t('music.plan.negative')}
          <input
            className={`mt-1 ${field}`}
            value={plan.negative_global_styles.join(', ')}
            onChange={(e) => onChange({ ...plan, negative_global_styles: parseStyles(e.target.value) })}
          />
        </label>
      </div>
      {/* The sections side by side in proportion to their length: a picture of the song. */}
      <div className="flex h-3 overflow-hidden rounded-full bg-neutral-100" aria-hidden="true">
        {plan.sections.map((s, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: sections have no identity but their place; every field is controlled, so a shifted row shows the right values.
            key={i}
            className={i % 2 ? 'bg-accent-300' : 'bg-accent-500'}
            style={{ width: `${(s.duration_ms / Math.max(1, total)) * 100}%` }}
          />
        ))}
      </div>
      <ol className="space-y-3">
        {plan.sections.map((section, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above; a key from the name would remount the field being typed in.
          <li key={index} className="rounded-xl border border-neutral-200 p-3">
            <div className="flex flex-wrap items-end gap-3">
              <label className="min-w-32 flex-1 text-xs font-medium text-neutral-700">
                {t('music.plan.sectionName')}
                <input
                  className={`mt-1 ${field}`}
                  value={section.section_name}
                  onChange={(e) => onChange(updateSection(plan, index, { section_name: e.target.value }))}
                />
              </label>
              <label className="w-28 text-xs font-medium text-neutral-700">
                {t('music.plan.seconds')}
                <input
                  type="number"
                  min={1}
                  max={120}
                  step={0.5}
                  className={`mt-1 ${field}`}
                  value={section.duration_ms / 1000}
                  onChange={(e) =>
                    onChange(
                      updateSection(plan, index, { duration_ms: Math.round(Number(e.target.value) * 1000) }),
                    )
                  }
                />
              </label>
              <Button variant="ghost" onClick={() => onChange(removeSection(plan, index))}>
                {t('music.plan.remove')}
              </Button>
            </div>
            <input
              type="range"
              min={1000}
              max={120000}
              step={500}
              aria-label={t('music.plan.resize', { name: section.section_name })}
              className="mt-2 w-full accent-accent-600"
              value={section.duration_ms}
              onChange={(e) => onChange(updateSection(plan, index, { duration_ms: Number(e.target.value) }))}
            />
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              <label className="text-xs font-medium text-neutral-700">
                {t('music.plan.localStyles')}
                <input
                  className={`mt-1 ${field}`}
                  value={section.positive_local_styles.join(', ')}
                  onChange={(e) =>
                    onChange(
                      updateSection(plan, index, { positive_local_styles: parseStyles(e.target.value) }),
                    )
                  }
                />
              </label>
              <label className="text-xs font-medium text-neutral-700">
                {t('music.plan.lines')}
                <textarea
                  rows={2}
                  className={`mt-1 ${field}`}
                  value={section.lines.join('\n')}
                  onChange={(e) =>
                    onChange(
                      updateSection(plan, index, {
                        lines: e.target.value.split('\n').filter((l) => l.trim()),
                      }),
                    )
                  }
                />
              </label>
            </div>
          </li>
        ))}
      </ol>
      <Button variant="ghost" onClick={() => onChange(addSection(plan, t('music.plan.newSection')))}>
        {t('music.plan.add')}
      </Button>
    </section>
  )
}

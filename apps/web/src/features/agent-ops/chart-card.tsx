import { StackedBarChart } from '../../components/stacked-bar-chart'
import type { ChartModel } from '../../components/stacked-bar-chart-model'

/** One chart of the agents dashboard in its card, or a note when the range has nothing to draw. */
export function ChartCard(props: {
  title: string
  label: string
  empty: string
  model: ChartModel
  nameOf: (key: string) => string
  formatTime: (time: number) => string
  actions?: React.ReactNode
}) {
  return (
    <section className="rounded-2xl border border-neutral-200 bg-white p-4 shadow-xs sm:p-6">
      <div className="flex min-h-10 items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-neutral-900">{props.title}</h2>
        {props.actions}
      </div>
      <div className="mt-4">
        {props.model.total === 0 ? (
          <p className="rounded-xl border border-dashed border-neutral-300 p-10 text-center text-sm text-neutral-500">
            {props.empty}
          </p>
        ) : (
          <StackedBarChart
            model={props.model}
            nameOf={props.nameOf}
            formatTime={props.formatTime}
            label={props.label}
          />
        )}
      </div>
    </section>
  )
}

/** A job's percent done as a labelled bar (screen readers hear the label and the value). */
export function ProgressBar({
  percent,
  label,
  className = 'mt-2',
}: {
  percent: number
  label: string
  className?: string
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`${className} h-2 overflow-hidden rounded-full bg-neutral-200`}
    >
      <div
        className="h-full rounded-full bg-accent-600 transition-[width]"
        style={{ width: `${Math.max(2, Math.min(100, percent))}%` }}
      />
    </div>
  )
}

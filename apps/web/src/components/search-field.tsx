import { Icon } from './icon'

/** A search box with its magnifier; the label is read out to screen readers. */
export function SearchField(props: {
  value: string
  onChange: (value: string) => void
  label: string
  className?: string
}) {
  return (
    <div className={`relative ${props.className ?? ''}`}>
      <Icon
        name="search"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-neutral-400"
      />
      <input
        type="search"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        placeholder={props.label}
        aria-label={props.label}
        className="block w-full rounded-lg border border-neutral-300 bg-white py-2 pr-3 pl-9 text-sm text-neutral-900 placeholder:text-neutral-400 focus:border-accent-600 focus:outline-2 focus:outline-accent-600/20"
      />
    </div>
  )
}

import { type ReactNode, useId } from 'react'
import { Icon, type IconName } from './icon'

/**
 * The large dashed box a page's one upload is chosen in: the whole box is the file input's
 * label, so its prompt (or the chosen file's name) and its limits are what the input is called.
 */
export function FileDrop({
  icon,
  prompt,
  fileName,
  hint,
  accept,
  onFile,
  testId,
}: {
  icon: IconName
  prompt: string
  fileName: string | null
  hint: ReactNode
  accept: string
  onFile: (file: File | null) => void
  testId?: string
}) {
  const id = useId()
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-neutral-300 px-4 py-8 text-center hover:border-neutral-400 focus-within:outline-2 focus-within:outline-accent-600"
    >
      <Icon name={icon} className="size-6 text-neutral-500" />
      <span className="break-all text-sm font-medium text-neutral-900">{fileName ?? prompt}</span>
      <span className="text-xs text-neutral-500">{hint}</span>
      <input
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        data-testid={testId}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
      />
    </label>
  )
}

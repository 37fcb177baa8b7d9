import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'

type Props = {
  open: boolean
  onOpenChange?: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** Dialogs that need an answer cannot be dismissed with Escape or an outside click. */
  dismissable?: boolean
  width?: 'sm' | 'md'
}

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  dismissable = true,
  width = 'sm',
}: Props) {
  const block = (event: Event) => {
    if (!dismissable) event.preventDefault()
  }
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          className={`fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl outline-none ${
            width === 'md' ? 'max-w-lg' : 'max-w-md'
          } max-h-[calc(100dvh-2rem)] overflow-y-auto`}
        >
          <Dialog.Title className="text-lg font-semibold text-neutral-900">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1.5 text-sm text-neutral-600">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children && <div className="mt-5">{children}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** A right-aligned row of dialog buttons that stacks on narrow screens. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
}

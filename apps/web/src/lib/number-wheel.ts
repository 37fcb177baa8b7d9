// Number inputs ignore the mouse wheel: scrolling the page over a focused number field must not
// change its value. The field loses focus instead, so the wheel scrolls the page as expected.

type WheelTarget = { tagName?: string; type?: string; blur?: () => void } | null

/** Whether a wheel over `target` would change a number field's value. */
export function wheelWouldChangeNumber(target: WheelTarget, active: unknown): boolean {
  return Boolean(target && target.tagName === 'INPUT' && target.type === 'number' && target === active)
}

/** Installs the rule for the whole document (once, at start); returns the uninstaller. */
export function ignoreWheelOnNumberInputs(doc: Document): () => void {
  const onWheel = (event: WheelEvent) => {
    const target = event.target as HTMLInputElement | null
    if (wheelWouldChangeNumber(target, doc.activeElement)) target?.blur()
  }
  doc.addEventListener('wheel', onWheel, { capture: true, passive: true })
  return () => doc.removeEventListener('wheel', onWheel, { capture: true })
}

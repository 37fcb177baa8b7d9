/** Toggles one id in a selection. */
export function toggleId(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

/** "Select all" selects every loaded row, or clears when all are already selected. */
export function toggleAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const all = ids.length > 0 && ids.every((id) => selected.has(id))
  return all ? new Set() : new Set(ids)
}

/** Keeps only the ids still listed (after a filter change or a delete). */
export function keepListed(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  const listed = new Set(ids)
  return new Set([...selected].filter((id) => listed.has(id)))
}

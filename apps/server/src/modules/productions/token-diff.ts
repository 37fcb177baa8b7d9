// The shortest edit between two token lists (Myers' O(ND) algorithm): runs of equal, deleted
// and inserted tokens. Past `maxEdits` the middle is answered as one deletion and one insertion,
// so a wholly rewritten long transcript costs bounded time.

export interface DiffRun<T> {
  op: 'equal' | 'delete' | 'insert'
  items: T[]
}

function push<T>(runs: DiffRun<T>[], op: DiffRun<T>['op'], item: T) {
  const last = runs.at(-1)
  if (last?.op === op) last.items.push(item)
  else runs.push({ op, items: [item] })
}

export function diffTokens<T>(
  a: readonly T[],
  b: readonly T[],
  same: (x: T, y: T) => boolean = (x, y) => x === y,
  maxEdits = 4000,
): DiffRun<T>[] {
  // Common ends are taken off first: most edits leave most of a transcript alone.
  let start = 0
  while (start < a.length && start < b.length && same(a[start]!, b[start]!)) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && same(a[endA - 1]!, b[endB - 1]!)) {
    endA--
    endB--
  }
  const runs: DiffRun<T>[] = []
  for (let i = 0; i < start; i++) push(runs, 'equal', a[i]!)
  const middle = myers(a.slice(start, endA), b.slice(start, endB), same, maxEdits)
  for (const [op, item] of middle) push(runs, op, item)
  for (let i = endA; i < a.length; i++) push(runs, 'equal', a[i]!)
  return runs
}

function myers<T>(
  a: readonly T[],
  b: readonly T[],
  same: (x: T, y: T) => boolean,
  maxEdits: number,
): [DiffRun<T>['op'], T][] {
  const n = a.length
  const m = b.length
  const max = Math.min(n + m, maxEdits)
  const offset = max + 1
  const v = new Int32Array(2 * max + 3)
  const trace: Int32Array[] = []
  let found = n === 0 && m === 0
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice())
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && same(a[x]!, b[y]!)) {
        x++
        y++
      }
      v[offset + k] = x
      if (x >= n && y >= m) {
        found = true
        break
      }
    }
  }
  if (!found)
    return [
      ...a.map((t) => ['delete', t] as [DiffRun<T>['op'], T]),
      ...b.map((t) => ['insert', t] as [DiffRun<T>['op'], T]),
    ]
  // Walk back through the saved frontiers to recover the edit.
  const out: [DiffRun<T>['op'], T][] = []
  let x = n
  let y = m
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const frontier = trace[d]!
    const k = x - y
    const down = k === -d || (k !== d && frontier[offset + k - 1]! < frontier[offset + k + 1]!)
    const prevK = down ? k + 1 : k - 1
    const prevX = frontier[offset + prevK]!
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      out.push(['equal', a[--x]!])
      y--
    }
    if (d === 0) break
    if (down) out.push(['insert', b[--y]!])
    else out.push(['delete', a[--x]!])
  }
  return out.reverse()
}

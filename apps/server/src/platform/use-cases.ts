/**
 * A use case is a plain function `(deps, ...input) => result` in a file of its own; a service is
 * those functions with their dependencies bound once. `bindUseCases(deps, { signUp, signIn })`
 * returns `{ signUp(input), signIn(input) }` with the same types, minus the first parameter.
 */
type Bound<Deps, F> = F extends (deps: Deps, ...input: infer Input) => infer Result
  ? (...input: Input) => Result
  : never

export function bindUseCases<Deps, Cases extends Record<string, (deps: Deps, ...input: never[]) => unknown>>(
  deps: Deps,
  cases: Cases,
): { [K in keyof Cases]: Bound<Deps, Cases[K]> } {
  const bound: Record<string, unknown> = {}
  for (const [name, useCase] of Object.entries(cases))
    bound[name] = (...input: never[]) => useCase(deps, ...input)
  return bound as { [K in keyof Cases]: Bound<Deps, Cases[K]> }
}

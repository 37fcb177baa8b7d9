// The held-run store's entry point for the domains (its SQL stays in its repository file,
// which, like every repository, is private to its own folder).
export { createHeldRunStore, type HeldRunStoreOptions, type HeldRunTable } from './held-runs.repository.js'

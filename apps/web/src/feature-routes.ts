import type { ReactNode } from 'react'

/**
 * The routes a feature adds to the route tree (router.tsx), by where they sit: each slot is a
 * fragment of `<Route>` elements. Paths come from routes.ts; pages few visits need are lazy.
 */
export interface FeatureRoutes {
  /** Top level, outside the app shell: public pages, checkout, the action handler. */
  page?: ReactNode
  /** Inside the sign-in layout. */
  auth?: ReactNode
  /** Inside the app shell, under /app. */
  app?: ReactNode
  /** Sections of Workspace Settings, inside its layout. */
  workspaceSettings?: ReactNode
  /** Inside the app shell, under /workspace. */
  workspace?: ReactNode
}

import { lazy } from 'react'
import { Route } from 'react-router'
import { Lazy } from '../../components/lazy-page'
import type { FeatureRoutes } from '../../feature-routes'
import { routes } from '../../routes'

const DictionariesPage = lazy(() =>
  import('./dictionaries-page').then((m) => ({
    default: m.DictionariesPage,
  })),
)
const DictionaryEditorPage = lazy(() =>
  import('./dictionary-editor-page').then((m) => ({
    default: m.DictionaryEditorPage,
  })),
)

export const pronunciationDictionariesRoutes: FeatureRoutes = {
  app: (
    <>
      <Route
        path={routes.dictionaries}
        element={
          <Lazy>
            <DictionariesPage />
          </Lazy>
        }
      />
      <Route
        path={routes.dictionary}
        element={
          <Lazy>
            <DictionaryEditorPage />
          </Lazy>
        }
      />
    </>
  ),
}

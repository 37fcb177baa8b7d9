import type { DomainModule } from '../domain-module.js'
import { modelCatalogue } from './model.view.js'
import { modelsRoutes } from './models.routes.js'
import type { ModelView } from './models.schemas.js'

export interface ModelsPorts {
  /** The catalogue, fixed for the life of the process (the default model first). */
  catalogue: readonly ModelView[]
}

/** The model catalogue, built from the speech package's model profiles. */
export function createModelsModule(): DomainModule<ModelsPorts> {
  const catalogue = modelCatalogue()
  return { name: 'models', routes: modelsRoutes(catalogue), ports: { catalogue } }
}

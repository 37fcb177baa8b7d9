import type { Database } from '../../db/database.js'
import type { DomainModule } from '../domain-module.js'
import { createAuditRepository } from './audit.repository.js'
import { auditRoutes } from './audit.routes.js'
import { type AuditLog, createAuditService } from './audit.service.js'

export type { AuditLog, AuditTarget } from './audit.service.js'

export interface AuditPorts {
  audit: AuditLog
}

/** The workspace audit log: admin actions recorded by the services that perform them. */
export function createAuditModule(deps: { db: Database }): DomainModule<AuditPorts> {
  const service = createAuditService({ repo: createAuditRepository(deps.db) })
  return { name: 'audit', routes: auditRoutes(service), ports: { audit: service.log } }
}

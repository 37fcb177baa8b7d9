import type { Insertable, Selectable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { newId } from '../../lib/ids.js'
import type {
  ProductionDeliverablesTable,
  ProductionMediaTable,
  ProductionOrdersTable,
  ProductionTasksTable,
} from './productions.tables.js'

export type OrderRow = Selectable<ProductionOrdersTable>
export type MediaRow = Selectable<ProductionMediaTable>
export type TaskRow = Selectable<ProductionTasksTable>
export type DeliverableRow = Selectable<ProductionDeliverablesTable>

/** Orders and their media. */
function orderRows(db: Database) {
  return {
    transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work)
    },
    async insertOrder(row: Insertable<ProductionOrdersTable>, trx?: Transaction<DB>) {
      await (trx ?? db).insertInto('production_orders').values(row).execute()
    },
    order(workspaceId: string, id: string) {
      return db
        .selectFrom('production_orders')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },
    orderById(id: string) {
      return db.selectFrom('production_orders').selectAll().where('id', '=', id).executeTakeFirst()
    },
    orders(
      workspaceId: string,
      filter: {
        statuses: string[] | null
        from: Date | null
        to: Date | null
        limit: number
        offset: number
      },
    ) {
      let query = db.selectFrom('production_orders').selectAll().where('workspace_id', '=', workspaceId)
      if (filter.statuses) query = query.where('status', 'in', filter.statuses)
      if (filter.from) query = query.where('created_at', '>=', filter.from)
      if (filter.to) query = query.where('created_at', '<=', filter.to)
      return query
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute()
    },
    /** Changes an order only from one of the statuses named; false when it was not in one. */
    async moveOrder(
      id: string,
      from: readonly string[],
      patch: Partial<Insertable<ProductionOrdersTable>>,
      trx?: Transaction<DB>,
    ): Promise<boolean> {
      const result = await (trx ?? db)
        .updateTable('production_orders')
        .set({ ...patch, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
    async renameOrder(id: string, name: string) {
      await db
        .updateTable('production_orders')
        .set({ name, updated_at: new Date() })
        .where('id', '=', id)
        .execute()
    },
    /** Unpaid orders whose payment window has passed. */
    unpaidBefore(at: Date) {
      return db
        .selectFrom('production_orders')
        .select(['id', 'workspace_id', 'payment_ref'])
        .where('status', '=', 'payment_pending')
        .where('pay_by', '<', at)
        .limit(100)
        .execute()
    },

    async insertMedia(row: Insertable<ProductionMediaTable>, trx?: Transaction<DB>) {
      await (trx ?? db).insertInto('production_media').values(row).execute()
    },
    media(orderId: string, id: string) {
      return db
        .selectFrom('production_media')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('id', '=', id)
        .executeTakeFirst()
    },
    mediaById(id: string) {
      return db.selectFrom('production_media').selectAll().where('id', '=', id).executeTakeFirst()
    },
    deliverableById(id: string) {
      return db.selectFrom('production_deliverables').selectAll().where('id', '=', id).executeTakeFirst()
    },
    mediaOf(orderId: string) {
      return db.selectFrom('production_media').selectAll().where('order_id', '=', orderId).execute()
    },
  }
}

/** Ordered tasks and their states. */
function taskRows(db: Database) {
  return {
    async insertTask(row: Insertable<ProductionTasksTable>, trx?: Transaction<DB>) {
      await (trx ?? db).insertInto('production_tasks').values(row).execute()
    },
    async replaceTask(id: string, patch: Partial<Insertable<ProductionTasksTable>>) {
      await db
        .updateTable('production_tasks')
        .set({ ...patch, updated_at: new Date() })
        .where('id', '=', id)
        .execute()
    },
    async deleteTask(orderId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('production_tasks')
        .where('order_id', '=', orderId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
    task(workspaceId: string, id: string) {
      return db
        .selectFrom('production_tasks')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },
    taskById(id: string) {
      return db.selectFrom('production_tasks').selectAll().where('id', '=', id).executeTakeFirst()
    },
    tasksOf(orderId: string, trx?: Transaction<DB>) {
      return (trx ?? db)
        .selectFrom('production_tasks')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    },
    tasksOfWorkspace(workspaceId: string, limit: number) {
      return db
        .selectFrom('production_tasks')
        .innerJoin('production_orders', 'production_orders.id', 'production_tasks.order_id')
        .selectAll('production_tasks')
        .select(['production_orders.status as order_status'])
        .where('production_tasks.workspace_id', '=', workspaceId)
        .where('production_orders.status', '!=', 'open')
        .orderBy('production_tasks.created_at', 'desc')
        .limit(limit)
        .execute()
    },
    /** Tasks waiting for a producer, highest priority and oldest first, with their media's length. */
    unclaimedTasks(limit: number) {
      return db
        .selectFrom('production_tasks')
        .innerJoin('production_media', 'production_media.order_id', 'production_tasks.order_id')
        .selectAll('production_tasks')
        .select((eb) => eb.fn.max('production_media.duration_seconds').as('duration_seconds'))
        .where('production_tasks.state', '=', 'unclaimed')
        .groupBy('production_tasks.id')
        .orderBy('production_tasks.priority', 'desc')
        .orderBy('production_tasks.created_at')
        .limit(limit)
        .execute()
    },
    /** Changes a task only from one of the states named; false when it was not in one. */
    async moveTask(
      id: string,
      from: readonly string[],
      state: string,
      trx?: Transaction<DB>,
    ): Promise<boolean> {
      const result = await (trx ?? db)
        .updateTable('production_tasks')
        .set({ state, updated_at: new Date() })
        .where('id', '=', id)
        .where('state', 'in', [...from])
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
    async moveTasksOf(orderId: string, from: string, state: string, trx?: Transaction<DB>) {
      await (trx ?? db)
        .updateTable('production_tasks')
        .set({ state, updated_at: new Date() })
        .where('order_id', '=', orderId)
        .where('state', '=', from)
        .execute()
    },
    async setPriority(id: string, priority: number) {
      await db
        .updateTable('production_tasks')
        .set({ priority, updated_at: new Date() })
        .where('id', '=', id)
        .execute()
    },
    async renameTask(id: string, name: string) {
      await db
        .updateTable('production_tasks')
        .set({ name, updated_at: new Date() })
        .where('id', '=', id)
        .execute()
    },
  }
}

/** Each task's history, deliverables and the customers' feedback on them. */
function historyRows(db: Database) {
  return {
    async event(
      taskId: string,
      event: string,
      actorId: string | null,
      detail: string | null,
      trx?: Transaction<DB>,
    ) {
      await (trx ?? db)
        .insertInto('production_events')
        .values({ id: newId(), task_id: taskId, event, actor_id: actorId, detail, created_at: new Date() })
        .execute()
    },
    events(taskId: string) {
      return db
        .selectFrom('production_events')
        .select(['event', 'actor_id', 'detail', 'created_at'])
        .where('task_id', '=', taskId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    },

    async insertDeliverables(rows: Insertable<ProductionDeliverablesTable>[], trx: Transaction<DB>) {
      if (rows.length > 0) await trx.insertInto('production_deliverables').values(rows).execute()
    },
    deliverables(taskIds: string[]) {
      if (taskIds.length === 0) return Promise.resolve([] as DeliverableRow[])
      return db
        .selectFrom('production_deliverables')
        .selectAll()
        .where('task_id', 'in', taskIds)
        .orderBy('created_at')
        .orderBy('name')
        .execute()
    },
    deliverable(taskId: string, id: string) {
      return db
        .selectFrom('production_deliverables')
        .selectAll()
        .where('task_id', '=', taskId)
        .where('id', '=', id)
        .executeTakeFirst()
    },
    /** False when this user already gave feedback on the deliverable. */
    async insertFeedback(row: { deliverableId: string; userId: string; rating: number; comment: string }) {
      const done = await db
        .insertInto('production_feedback')
        .values({
          id: newId(),
          deliverable_id: row.deliverableId,
          user_id: row.userId,
          rating: row.rating,
          comment: row.comment,
          created_at: new Date(),
        })
        .onConflict((oc) => oc.columns(['deliverable_id', 'user_id']).doNothing())
        .returning('id')
        .executeTakeFirst()
      return done !== undefined
    },
    feedbackOf(deliverableIds: string[]) {
      if (deliverableIds.length === 0) return Promise.resolve([])
      return db
        .selectFrom('production_feedback')
        .select(['deliverable_id', 'user_id', 'rating', 'comment', 'created_at'])
        .where('deliverable_id', 'in', deliverableIds)
        .execute()
    },
  }
}

export function createOrdersRepository(db: Database) {
  return { ...orderRows(db), ...taskRows(db), ...historyRows(db) }
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>

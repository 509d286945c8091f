// `/v1/databases/transactions…` and `/v1/tablesdb/transactions…` (Appwrite 1.8): scope
// documents.write / rows.write, for sessions, JWTs and API keys alike.
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../databases/actor.ts';
import type { Flavor } from '../databases/documents-service.ts';
import { toTransactionModel, type TransactionsService } from '../databases/transactions.ts';
import { DOCUMENT_EVENT, documentParams, emitEvent } from '../functions/events-plugin.ts';

type IdParams = { transactionId: string };
const idParams = { type: 'object', properties: { transactionId: { type: 'string' } } } as const;

export function transactionRoutes(app: FastifyInstance, transactions: TransactionsService): void {
  for (const [prefix, flavor, scope] of [['/v1/databases', 'document', 'documents.write'], ['/v1/tablesdb', 'row', 'rows.write']] as const) {
    const base = `${prefix}/transactions`;
    const one = `${base}/:transactionId`;
    const config = { scope };

    app.post<{ Body: { ttl?: unknown } }>(base, { config }, async (request, reply) => {
      return reply.code(201).send(toTransactionModel(transactions.create(actorOf(request), request.body?.ttl)));
    });
    app.get(base, { config }, async (request) => {
      const list = transactions.list(actorOf(request));
      return { total: list.length, transactions: list.map(toTransactionModel) };
    });
    app.get<{ Params: IdParams }>(one, { config, schema: { params: idParams } }, async (request) => {
      return toTransactionModel(transactions.get(actorOf(request), request.params.transactionId));
    });
    app.patch<{ Params: IdParams; Body: { commit?: unknown; rollback?: unknown } }>(one, { config, schema: { params: idParams } }, async (request) => {
      const body = request.body ?? {};
      // Each committed operation's event, named in the flavour of the transactions route.
      const pattern = DOCUMENT_EVENT[flavor];
      const committed = transactions.update(actorOf(request), request.params.transactionId, body.commit, body.rollback, flavor as Flavor, (events) => {
        for (const e of events) {
          emitEvent(request, { pattern: pattern(e.action), params: documentParams(e.collection.databaseId, e.collection.id, e.documentId), payload: e.payload });
        }
      });
      return toTransactionModel(committed);
    });
    app.delete<{ Params: IdParams }>(one, { config, schema: { params: idParams } }, async (request, reply) => {
      transactions.remove(actorOf(request), request.params.transactionId);
      return reply.code(204).send();
    });
    app.post<{ Params: IdParams; Body: { operations?: unknown } }>(`${one}/operations`, { config, schema: { params: idParams } }, async (request, reply) => {
      const staged = transactions.stage(actorOf(request), request.params.transactionId, request.body?.operations, flavor as Flavor);
      return reply.code(201).send(toTransactionModel(staged));
    });
  }
}

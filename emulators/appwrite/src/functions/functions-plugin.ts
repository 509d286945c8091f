// The functions service: the functions of backend/appwrite.json, their stored executions, the warm
// runtimes they run on and the user JWT each execution carries. Decorates the server with
// `functions` for the execution routes, the function domains and the schedules plugin.
import type { FastifyRequest } from 'fastify';
import { createJwtSigner } from '../account/jwt.ts';
import { callerRoles, clientIp, registerEphemeralKey } from '../caller.ts';
import type { PluginOptions } from '../context.ts';
import { sharedPlugin } from '../plugins/shared-plugin.ts';
import { ExecutionRepository, migrateExecutions } from './execution-repository.ts';
import type { StoredInvoker } from './execution-scheduler.ts';
import { ExecutionService, type Invoker } from './execution-service.ts';
import { FunctionPool } from './executor.ts';
import type { FunctionDef } from './registry.ts';

/** On shutdown, running executions get this long to finish; the next start fails the rest. */
const CLOSE_GRACE_MS = 3000;

export interface FunctionsService {
  service: ExecutionService;
  repo: ExecutionRepository;
  /** Runs a task in the background; shutdown waits for it (up to the grace period). */
  background(task: () => Promise<unknown>): void;
  /** Who asked for an execution, as stored with it. */
  storedInvokerOf(request: FastifyRequest): StoredInvoker;
  /** The invoker with the user's JWT, which lives for the function's timeout + 60 s from when the execution runs. */
  withJwt(stored: StoredInvoker, def: FunctionDef): Invoker;
}

declare module 'fastify' {
  interface FastifyInstance {
    functions: FunctionsService;
  }
}

export default sharedPlugin<PluginOptions>('appwrite-functions', async (app, { config, store, clock, project }) => {
  const functions = project.functions;
  migrateExecutions(store.db);
  const repo = new ExecutionRepository(store.db);
  const jwt = createJwtSigner(store);
  const pool = new FunctionPool(config.executionLimits);
  const service = new ExecutionService(functions, repo, config, clock, { registerKey: registerEphemeralKey, pool });

  const running = new Set<Promise<unknown>>();
  function background(task: () => Promise<unknown>): void {
    const p = task().catch((err: unknown) => app.log.error({ err }, 'background execution failed'));
    running.add(p);
    void p.finally(() => running.delete(p));
  }

  app.decorate('functions', {
    service,
    repo,
    background,
    storedInvokerOf(request) {
      const caller = request.caller;
      return {
        roles: callerRoles(caller),
        userId: caller.kind === 'user' ? caller.user.$id : null,
        sessionId: caller.kind === 'user' ? caller.session?.$id ?? '' : '',
        clientIp: clientIp(request),
      };
    },
    withJwt(stored, def) {
      const { sessionId, jwt: wantsJwt, ...invoker } = stored;
      const userJwt = stored.userId && wantsJwt !== false ? jwt.sign({ userId: stored.userId, sessionId }, def.timeout + 60, clock.now()) : '';
      return { ...invoker, userJwt };
    },
  } satisfies FunctionsService);

  // Runs after the schedules plugin's onClose (Fastify closes in reverse order): nothing new starts.
  app.addHook('onClose', async () => {
    await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => { setTimeout(resolve, CLOSE_GRACE_MS).unref(); })]);
    pool.close();
    const left = running.size;
    const slow = setTimeout(() => { console.warn(`functions: ${left} background executions still settling 5 s after the runtimes stopped`); }, 5000);
    slow.unref();
    await Promise.allSettled([...running]);
    clearTimeout(slow);
    repo.flush();
  });
});

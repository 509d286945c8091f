// The request caller, reduced to what document permissions need.
import type { FastifyRequest } from 'fastify';
import { callerRoles } from '../caller.ts';
import type { Actor } from './documents-service.ts';

export function actorOf(request: FastifyRequest): Actor {
  const caller = request.caller;
  return {
    isKey: caller.kind === 'key',
    userId: caller.kind === 'user' ? caller.user.$id : null,
    roles: callerRoles(caller),
  };
}

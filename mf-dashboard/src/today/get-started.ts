import { isServiceReady } from '../practice/service-choice.ts';
import type { Service } from '../practice/services.ts';

// Today's "Get started" checklist (issue #13): where a new practice begins, each step done or not
// from the practice's real data.

export type GetStartedStepId = 'practice' | 'service' | 'client';

export interface GetStartedStep {
  id: GetStartedStepId;
  label: string;
  /** What "done" means, said beside a step that is not. */
  hint: string;
  to: string;
}

export const GET_STARTED: readonly GetStartedStep[] = [
  { id: 'practice', label: 'Set up your practice', hint: 'Save your practice details.', to: '/dashboard/practice' },
  { id: 'service', label: 'Add a service', hint: 'Give at least one service its fee.', to: '/dashboard/practice?tab=services' },
  { id: 'client', label: 'Add a client', hint: 'Add your first client.', to: '/dashboard/clients/new' },
];

export interface PracticeProgress {
  /** Whether the settings document exists; undefined while unknown. */
  hasSettings?: boolean;
  services?: readonly Pick<Service, 'fee' | 'archived'>[];
  clientCount?: number;
}

/**
 * Which steps are done: the practice is set up once its settings are saved; a service counts once
 * one can be booked (the suggested ones start without a fee); a client once there is one.
 * Undefined while the data is still loading.
 */
export function getStartedDone(progress: PracticeProgress): Record<GetStartedStepId, boolean | undefined> {
  return {
    practice: progress.hasSettings,
    service: progress.services?.some(isServiceReady),
    client: progress.clientCount === undefined ? undefined : progress.clientCount > 0,
  };
}

import { executeFunction, FunctionRefusedError } from '@cadence/shared-auth';

export interface ChangeNotice {
  appointmentId: string;
  change: 'moved' | 'cancelled';
  /** Where a moved appointment was, for the email's "Was:" line. */
  previousStart?: string;
  previousEnd?: string;
}

/**
 * Emails the client that their appointment moved or was cancelled (backend/functions/notify-client:
 * date, time and the practice only, and only to a client who agreed to email). Throws an Error
 * with the function's own words when it refuses.
 */
export async function notifyClient(notice: ChangeNotice): Promise<void> {
  try {
    await executeFunction('notifyClient', { ...notice });
  } catch (error) {
    if (error instanceof FunctionRefusedError && error.reason) throw new Error(error.reason, { cause: error });
    throw error;
  }
}

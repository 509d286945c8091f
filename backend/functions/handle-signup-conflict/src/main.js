// handle-signup-conflict {email, withPhrase}: spec §4 sign-up conflict handling, second step. Any
// account with this email that is not complete (verified or still pending) gets a fresh emailed
// code; a complete account is refused (409, go to login). The step is lib/signup-conflict.js.
import { signupConflictFunction } from '../../lib/signup-conflict.js';

export default signupConflictFunction({ functionId: 'handle-signup-conflict', resumeUnverified: true });

// handle-incomplete-verified-users {email, withPhrase}: spec §4 sign-up conflict handling, first
// step. A verified account whose profile was never completed gets a fresh emailed code so the
// person can continue to step 3; a complete account is refused (409, go to login). The step is
// lib/signup-conflict.js.
import { signupConflictFunction } from '../../lib/signup-conflict.js';

export default signupConflictFunction({ functionId: 'handle-incomplete-verified-users', resumeUnverified: false });

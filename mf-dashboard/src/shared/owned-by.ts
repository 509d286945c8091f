// The rule lives in @cadence/shared-auth (the account page's "Your practice today" reads the same
// collections); the dashboard's modules keep importing it from here.
export { ownedBy } from '@cadence/shared-auth';

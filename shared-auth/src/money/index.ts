// @cadence/shared-auth/money: amounts as integer minor units + ISO 4217 code, parsed and shown the same
// way in the practice's screens, the client portal and AutoPay's notices; and `Checked`, what a parser
// of typed input answers. Pure TypeScript (no React, no Appwrite): it runs in Node too.
export * from './checked.ts';
export * from './money.ts';

// Attribute keys renamed since data was first stored under them, oldest first. Appwrite refuses a
// key longer than 36 characters (utopia's Key validator), so `appwrite push` stopped at `clients`
// while it had `secondaryInsuranceSubscriberRelationship` (40) and `…DateOfBirth` (39); the
// insurance fields are built as a coverage's prefix plus one suffix (`insurance…`,
// `secondaryInsurance…`), so both coverages took the shorter suffixes.
// - A data directory started under the new appwrite.json moves each stored value from `from` to
//   `to` in place (the Appwrite emulator reads this list: APPWRITE_RENAMES,
//   emulators/appwrite/src/databases/schema-upgrade.ts).
// - A form already sent keeps its questionnaire as it was sent, naming the old field; lib/questionnaire.js's
//   clientFieldOf reads the new one.
// A real Appwrite never held these keys (it refuses them), so `appwrite push` needs no migration.

/** @typedef {{ databaseId: string, collectionId: string, from: string, to: string }} AttributeRename */

/** @type {readonly AttributeRename[]} */
export const ATTRIBUTE_RENAMES = Object.freeze([
  { databaseId: 'main', collectionId: 'clients', from: 'insuranceSubscriberRelationship', to: 'insuranceSubscriberRelation' },
  { databaseId: 'main', collectionId: 'clients', from: 'insuranceSubscriberDateOfBirth', to: 'insuranceSubscriberDob' },
  { databaseId: 'main', collectionId: 'clients', from: 'secondaryInsuranceSubscriberRelationship', to: 'secondaryInsuranceSubscriberRelation' },
  { databaseId: 'main', collectionId: 'clients', from: 'secondaryInsuranceSubscriberDateOfBirth', to: 'secondaryInsuranceSubscriberDob' },
]);

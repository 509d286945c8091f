// An account being deleted (delete-user-selfservice, issue 17): it carries this label — which only a
// server key can set — and is blocked until its last document and the user are gone. The audit
// function records nothing more for it.
export const DELETING_LABEL = 'deleting';

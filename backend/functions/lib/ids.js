// Appwrite's ID rule (a custom id: up to 36 characters, a-z, A-Z, 0-9, period, hyphen and underscore, not
// starting with a special character): one pattern for every function that takes an id from a body.
export const ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

/** The value when it is an id Appwrite would accept, else ''. @param {unknown} value */
export const validId = (value) => (typeof value === 'string' && ID_RE.test(value) ? value : '');

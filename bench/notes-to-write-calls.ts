// The reads behind Notes to write, loaded in one tsx namespace by bench/notes-to-write.mjs (so the
// configured Appwrite client is the one the reads use).
export { configureAppwrite } from '../shared-auth/src/client/appwrite-client.ts';
export { localRuntimeConfig, setConfig } from '../shared-auth/src/config/config.ts';
export { loadPracticeToday } from '../shared-auth/src/practice/practice-today.ts';
export { joinMarksAndSignatures, MARK_WINDOW, signedMarksAgree } from '../shared-auth/src/practice/signed-marks.ts';
export { notesDue } from '../mf-dashboard/src/sessions/notes/api/notes-due.ts';

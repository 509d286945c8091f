// A remote is loaded through its remoteEntry.js / mf-manifest.json; this entry only exists
// because Rspack needs one. Pages are composed by the shell (tooling/remotes.mjs).
export {};

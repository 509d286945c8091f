// Routers for unit tests only (eslint keeps this entry out of production code): not part of the
// shared singleton, so no app bundle carries them. Same react-router module as the main entry,
// so a test's MemoryRouter provides the context its components' hooks read.
export { MemoryRouter } from 'react-router-dom';

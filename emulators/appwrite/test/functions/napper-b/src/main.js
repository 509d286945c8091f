// The napper under a second function id (its own runtime).
export { default } from '../../napper/src/main.js';

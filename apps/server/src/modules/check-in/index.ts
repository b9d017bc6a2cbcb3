// The door's hub side, which the live sessions' plugin runs beside its own (modules/event-sessions).
export { DoorHub } from './live.js';

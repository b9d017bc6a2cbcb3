// The chat's hub side, which the live sessions' plugin runs beside its own (modules/event-sessions).
export { ChatHub } from './live.js';

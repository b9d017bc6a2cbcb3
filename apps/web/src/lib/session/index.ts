export * from './claims';
export * from './token-cookie';
export * from './session-store';
export * from './use-session';

/** The account the e2e server makes an administrator (ADMIN_EMAIL); a test registers it when it needs one. */
export const E2E_ADMIN_EMAIL = 'admin@e2e.hubbub.test';
export const E2E_ADMIN_PASSWORD = 'admin password 1';
/** The line global setup adds to the server's log when the server process ends. */
export const SERVER_EXITED = 'the e2e server exited';

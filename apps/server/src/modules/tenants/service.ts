// Tenants are fixed at start from TENANTS; the app reads them once.
export { ensureTenants } from './repository.js';

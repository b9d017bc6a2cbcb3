import { AppError } from '../../lib/app-error.js';

export const billingUnavailable = (detail: string) => new AppError(409, 'billing_unavailable', 'Billing unavailable', detail);
export const productUnavailable = (detail: string, errors?: Record<string, string[]>) => new AppError(400, 'product_unavailable', 'Product unavailable', detail, errors);
export const signatureInvalid = (detail: string) => new AppError(400, 'webhook_signature_invalid', 'Invalid webhook signature', detail);
export const billingFailed = (detail: string) => new AppError(502, 'billing_failed', 'Billing provider unavailable', detail);
export const operatorRefused = (detail: string) => new AppError(401, 'unauthenticated', 'Unauthorized', detail);

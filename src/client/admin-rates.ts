import {
  adminRateTableAnswer,
  adminRateTableListAnswer,
  type RateVersionCreateBody,
} from '@/lib/contracts/rate-tables-admin';
import { adminCall } from './admin';

/** The Admin API of the rate tables (docs/ADMIN-API.md). */
export function listAdminRateTables(signal: AbortSignal) {
  return adminCall(adminRateTableListAnswer, '/rates', { signal });
}

export function getAdminRateTable(id: string, signal: AbortSignal) {
  return adminCall(adminRateTableAnswer, `/rates/${encodeURIComponent(id)}`, { signal });
}

export function publishRateVersion(id: string, body: RateVersionCreateBody) {
  return adminCall(adminRateTableAnswer, `/rates/${encodeURIComponent(id)}/versions`, {
    method: 'POST',
    json: body,
  });
}

/** The newsroom's roles, from least to most allowed: shared by the Admin API's contract modules. */
export const STAFF_ROLES = ['redacteur', 'editeur', 'administrateur'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

import type { StaffRole } from './staff-roles';

// The newsroom's permissions and audit actions beyond articles and staff (daily issue, newsletter campaigns, redirects,
// subscribers, home blocks, taxonomy, shop catalogue, static pages). `admin.ts` spreads them into its MINIMUM_ROLE and AUDIT_ACTIONS, so there is one guard
// (`requireStaff`) and one audit log for the whole newsroom. Only a type is imported from admin.ts: no cycle at
// run time.

export const SITE_MINIMUM_ROLE = {
  'issue.read': 'redacteur',
  'issue.edit': 'editeur',
  'issue.publish': 'editeur',
  'newsletter.read': 'redacteur',
  'newsletter.edit': 'editeur',
  'newsletter.send': 'editeur',
  'redirect.read': 'editeur',
  'redirect.manage': 'administrateur',
  'subscriber.read': 'editeur',
  'subscriber.manage': 'administrateur',
  'home.read': 'redacteur',
  'home.edit': 'editeur',
  'taxonomy.manage': 'editeur',
  'page.read': 'redacteur',
  'page.edit': 'editeur',
  'shop.read': 'editeur',
  'shop.manage': 'administrateur',
} as const satisfies Record<string, StaffRole>;

export const SITE_AUDIT_ACTIONS = [
  'issue.update',
  'issue.publish',
  'issue.schedule',
  'issue.prepare',
  'newsletter.create',
  'newsletter.update',
  'newsletter.test',
  'newsletter.send',
  'newsletter.schedule',
  'newsletter.cancel',
  'redirect.create',
  'redirect.delete',
  'redirect.import',
  'subscriber.unsubscribe',
  'subscriber.resubscribe',
  'subscriber.export',
  'subscriber.add',
  'subscriber.import',
  'home.update',
  'taxonomy.create',
  'taxonomy.update',
  'taxonomy.delete',
  'page.update',
  'page.restore',
  'shop.import',
  'shop.mappings',
] as const;

/** Roles of a dashboard user. Owners manage keys, webhook settings and members; members only read. */
export const ROLES = ['owner', 'member', 'platform_admin'] as const;
export type Role = (typeof ROLES)[number];

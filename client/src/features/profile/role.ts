/** docs/product.md §4 profile label: role set → 'Admin'; else premiumEndAt null → 'Normal User'; else 'Premium User'. */
export type RoleLabel = 'Admin' | 'Normal User' | 'Premium User';

export function roleLabel(user: { role?: string | null; premiumEndAt?: string | null }): RoleLabel {
  if (user.role) return 'Admin';
  if (user.premiumEndAt == null) return 'Normal User';
  return 'Premium User';
}

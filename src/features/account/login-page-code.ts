import type { Environment } from '@/lib/environment';
import { PAGE_CODES, type PageCode } from '@/platform/page-codes';

/**
 * docs/PRODUCT.md §12 `xq_login`: the login page inside the stock-community app, whose own account is the login (§1),
 * reports `xq_login`; everywhere else `login_option`.
 */
export function loginPageCode(environment: Pick<Environment, 'isStockApp'>): PageCode {
  return environment.isStockApp ? PAGE_CODES.stockCommunityLogin : PAGE_CODES.loginOption;
}

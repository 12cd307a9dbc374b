import type { AccountTables } from './account-types';
import type { ActivityTables } from './activity-types';
import type { AdvisoryTables } from './advisory-types';
import type { LegalTables } from './legal-types';
import type { MarketTables } from './market-types';
import type { PensionTables } from './pension-types';
import type { PlatformTables } from './platform-types';
import type { TradingTables } from './trading-types';

/** Every table Kysely knows about; each part of the server owns its own table file. */
export interface DB
  extends PlatformTables,
    MarketTables,
    AccountTables,
    TradingTables,
    LegalTables,
    ActivityTables,
    AdvisoryTables,
    PensionTables {}

import messages from './messages/cash';
import { registerMessages } from './i18n';

// cash.* texts (the cash-management product 现金宝): importing `t` from here makes them available (they load with
// the code that says them).
export const t = registerMessages(messages);

import messages from './messages/aip';
import { registerMessages } from './i18n';

// aip.* texts (auto-invest 定投): importing `t` from here makes them available (they load with the code that says them).
export const t = registerMessages(messages);

import messages from './messages/trade';
import { registerMessages } from './i18n';

// trade.* texts: importing `t` from here makes them available (they load with the code that says them).
export const t = registerMessages(messages);

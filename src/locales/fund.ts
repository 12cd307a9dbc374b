import messages from './messages/fund';
import { registerMessages } from './i18n';

// fund.* texts: importing `t` from here makes them available (they load with the code that says them).
export const t = registerMessages(messages);

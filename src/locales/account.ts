import messages from './messages/account';
import { registerMessages } from './i18n';

// account.* texts: importing `t` from here makes them available (they load with the code that says them).
export const t = registerMessages(messages);

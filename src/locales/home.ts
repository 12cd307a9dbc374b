import messages from './messages/home';
import { registerMessages } from './i18n';

// home.* texts: importing `t` from here makes them available (they load with the code that says them).
export const t = registerMessages(messages);

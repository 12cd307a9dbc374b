import messages from './messages/search';
import { registerMessages } from './i18n';

// search.* texts: importing `t` from here makes them available (they load with the code that says them).
export const t = registerMessages(messages);

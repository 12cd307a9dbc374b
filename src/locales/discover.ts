import messages from './messages/discover';
import { registerMessages } from './i18n';

// discover.* texts: importing `t` from here makes them available (they load with the code that says them).
export const t = registerMessages(messages);

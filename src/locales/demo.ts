import messages from './messages/demo';
import { registerMessages } from './i18n';

// demo.* texts: importing `t` from here makes them available (they load with the code that says them).
export const t = registerMessages(messages);

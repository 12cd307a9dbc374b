import messages from './messages/advisory';
import { registerMessages } from './i18n';

// advisory.* texts: importing `t` from here makes them available (they load with the advisory pages).
export const t = registerMessages(messages);

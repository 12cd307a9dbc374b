import messages from './messages/legal';
import { registerMessages } from './i18n';

// legal.* texts: importing `t` from here makes them available (they load with the agreement and service pages).
export const t = registerMessages(messages);

import messages from './messages/pension';
import { registerMessages } from './i18n';

// pension.* texts: importing `t` from here makes them available (they load with the pension zone).
export const t = registerMessages(messages);

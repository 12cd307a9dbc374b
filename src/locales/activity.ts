import messages from './messages/activity';
import { registerMessages } from './i18n';

// activity.* texts: importing `t` from here makes them available (they load with the activity and asset-proof pages).
export const t = registerMessages(messages);

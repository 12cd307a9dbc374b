import './sign-tone.scss';

// The tone rules are plain text rules (src/lib/sign-tone.ts, which the server's first paints use too); this module
// brings the stylesheet with them.
export { signToneClass, signToneOfText, type SignTone } from '@/lib/sign-tone';

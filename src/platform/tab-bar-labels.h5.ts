import type { ShowTabBarLabels } from './tab-bar-labels.types';

// H5 draws its own tab bar (components/tab-bar/tab-bar.h5.tsx), in the current language already.
export const showTabBarLabels: ShowTabBarLabels = () => undefined;

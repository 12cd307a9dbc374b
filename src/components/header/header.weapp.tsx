import type { HeaderProps } from './header.types';

// The mini program draws its own navigation bar: no web header there.
export function Header(_props: HeaderProps): null {
  return null;
}

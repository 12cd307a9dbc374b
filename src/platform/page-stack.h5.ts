import Taro from '@tarojs/taro';

// Taro's H5 router (@tarojs/router, page.js) hides the page it leaves on a push with a timer — the slide animation's
// duration + delay, 350 ms — that adds `taro_page_shade` (display: none). Going back does not cancel that timer: a
// back within 350 ms of a push shows the previous page again, then the timer fires and blanks it, and it stays blank.
// The guard: the page on top of the stack is never shaded. A shade added to any other page (the one a push left,
// once the new page is on the stack) is left alone, so the router's own hiding is unchanged.

const PAGE_CLASS = 'taro_page';
const SHADE_CLASS = 'taro_page_shade';

let installed = false;

/** The element id of the page on top of the stack (Taro's page container is `.taro_page#<page path>`). */
function topPageId(): string | undefined {
  const pages = Taro.getCurrentPages();
  return pages[pages.length - 1]?.path;
}

export function keepTopPageDrawn(): void {
  if (installed || typeof document === 'undefined' || typeof MutationObserver === 'undefined') return;
  installed = true;
  const observer = new MutationObserver((records) => {
    for (const { target } of records) {
      if (!(target instanceof HTMLElement) || !target.classList.contains(SHADE_CLASS) || !target.classList.contains(PAGE_CLASS)) continue;
      if (target.id && target.id === topPageId()) target.classList.remove(SHADE_CLASS);
    }
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
}

// What a reader sees of a page, read the same way from both builds: the mini program's view layer (view-layer.ts, a
// jsdom document) and the H5 page (Chromium). One script, run in each document:
// - the page's body (`.page-shell__body`, PageShell's, in both builds): the header, the tab bars and WeChat's own bars
//   are not the page's content;
// - texts: every non-blank text node, in document order;
// - blocks: the page's sections in order — each element with a class of our own (`fund-header`, `home__card`: one that
//   our stylesheets style, not a `nut-`/`taro-`/`wx-`/`weui-` one, not a `--modifier`), down to three such levels;
//   NutUI's and Taro's inner markup differs between the builds and is not the page's structure;
// - a carousel is read by its first slide, whatever slide it has moved to (the mini program's native `swiper`, the H5
//   swiper once loaded — swiper.js's loop copies left out —, the first slide the H5 page draws plainly before that);
// - no `<style>`/`<script>` text (the H5 swiper writes a `<style>` into the page).

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface PageReading {
  texts: string[];
  /** `fund-detail`, `  fund-header`, `    fund-header__title`…: indented by their depth among blocks. */
  blocks: string[];
}

/** Every class a stylesheet of ours (the .scss files under src) styles: the block names a page can have. */
export function styledClasses(srcDir: string): string[] {
  const out = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.scss')) {
        const source = readFileSync(full, 'utf8');
        // `.block`, and SCSS's `&__element` / `&--modifier` nested under it (not blocks, left out below anyway).
        for (const m of source.matchAll(/\.([a-zA-Z][\w-]*)/g)) out.add(m[1] as string);
      }
    }
  };
  walk(srcDir);
  return [...out].sort();
}

/** The reading, as a script for any document (its value is a PageReading). Plain ES2017, no helpers. */
export function readPageScript(styled: readonly string[]): string {
  return `(function () {
  var styled = ${JSON.stringify(styled)};
  var styledSet = {};
  for (var s = 0; s < styled.length; s += 1) styledSet[styled[s]] = true;
  var body = document.querySelector('.page-shell__body');
  var reading = { texts: [], blocks: [] };
  if (!body) return reading;
  function hiddenSlide(el) {
    if (el.tagName === 'WX-SWIPER-ITEM') {
      var swiper = el.closest('wx-swiper');
      return swiper ? swiper.querySelectorAll('wx-swiper-item')[0] !== el : false;
    }
    var slideClass = el.classList && el.classList.contains('swiper-slide') ? 'swiper-slide' : el.classList && el.classList.contains('nut-swiper-item') ? 'nut-swiper-item' : null;
    if (!slideClass) return false;
    if (el.classList.contains('swiper-slide-duplicate')) return true;
    var parent = el.parentElement;
    if (!parent) return false;
    for (var i = 0; i < parent.children.length; i += 1) {
      var sibling = parent.children[i];
      if (sibling.classList.contains(slideClass) && !sibling.classList.contains('swiper-slide-duplicate')) return sibling !== el;
    }
    return false;
  }
  function ownClass(el) {
    var list = (el.getAttribute('class') || '').split(/\\s+/);
    for (var i = 0; i < list.length; i += 1) {
      var token = list[i];
      if (token && styledSet[token] === true && !/^(nut|taro|wx|weui)-/.test(token) && token.indexOf('--') < 0) {
        return token;
      }
    }
    return null;
  }
  function walk(node, depth) {
    for (var i = 0; i < node.childNodes.length; i += 1) {
      var child = node.childNodes[i];
      if (child.nodeType === 3) {
        if (child.nodeValue && child.nodeValue.trim() !== '') reading.texts.push(child.nodeValue);
      } else if (child.nodeType === 1 && !/^(STYLE|SCRIPT|TEMPLATE|NOSCRIPT)$/.test(child.tagName) && !hiddenSlide(child)) {
        var own = ownClass(child);
        if (own && depth <= 2) reading.blocks.push(new Array(depth + 1).join('  ') + own);
        walk(child, own ? depth + 1 : depth);
      }
    }
  }
  walk(body, 0);
  return reading;
})()`;
}

/** Figures in a text: amounts, NAVs, percentages, counts, the parts of dates (`+1,506.03`, `0.75%`, `2025`, `-03`). */
export function figuresOf(texts: readonly string[]): string[] {
  return texts.flatMap((text) => text.match(/[+-]?\d[\d,]*(?:\.\d+)?%?/g) ?? []);
}

// Reading what a Taro page would draw: Taro keeps a page's DOM as a data tree in `page.data.root`
// (keys from @tarojs/shared `Shortcuts`: `nn` node name, `cn` children, `v` text, `sid` node id, `uid` user id,
// `cl` class, `st` style, `p0…pN` compressed props). `nn` is a compressed alias whose meaning lives in the
// generated base.wxml (`<template name="tmpl_0_<nn>">`), which is also where the tap bindings are.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One node of the rendered tree, as setData delivered it (JSON, like the view layer gets it). */
export interface RenderedNode {
  nn?: string;
  cn?: RenderedNode[];
  v?: string;
  sid?: string;
  uid?: string;
  cl?: string;
  st?: string;
  [prop: string]: unknown;
}

export interface NodeTemplate {
  /** The mini program tag the template draws (`view`, `text`, `button`…), `#text` for text nodes. */
  tag: string;
  /** Events bound with `bind<event>="eh"` (bubble on) or `catch<event>="eh"` (stop bubbling). */
  bound: Map<string, 'bind' | 'catch'>;
  /** Attributes drawn from the node's data: attribute name → the data key it reads (`aria-role` → `p0`). */
  attributes: Map<string, string>;
}

/** nn alias → template, read from the build's base.wxml (depth-0 templates carry every variant). */
export function readTemplates(weappDir: string): Map<string, NodeTemplate> {
  const wxml = readFileSync(path.join(weappDir, 'base.wxml'), 'utf8');
  const templates = new Map<string, NodeTemplate>();
  const re = /<template name="tmpl_0_([^"]+)">\s*([\s\S]*?)<\/template>/g;
  for (let m = re.exec(wxml); m; m = re.exec(wxml)) {
    const alias = m[1] ?? '';
    const body = (m[2] ?? '').trim();
    const open = /^<([a-zA-Z-]+)([^>]*)>/.exec(body);
    if (!open) continue;
    const tag = open[1] ?? '';
    const isText = tag === 'block' && /\{\{i\.v\}\}/.test(body);
    const bound = new Map<string, 'bind' | 'catch'>();
    for (const b of (open[2] ?? '').matchAll(/\b(bind|catch)([a-z]+)="eh"/g)) bound.set(b[2] ?? '', b[1] as 'bind' | 'catch');
    const attributes = new Map<string, string>();
    for (const a of (open[2] ?? '').matchAll(/([\w-]+)="\{\{([^"]*)\}\}"/g)) {
      const key = /\bi\.(\w+)/.exec(a[2] ?? '');
      if (key) attributes.set(a[1] ?? '', key[1] ?? '');
    }
    const template = { tag: isText ? '#text' : tag, bound, attributes };
    templates.set(alias, template);
    // A focusable component (input, textarea) has two templates, `<nn>_focus` and `<nn>_blur`, chosen by its data: its
    // node's nn is the bare alias; both bind the same events.
    const focusable = /^(.+)_(?:focus|blur)$/.exec(alias);
    if (focusable && !templates.has(focusable[1] ?? '')) templates.set(focusable[1] ?? '', template);
  }
  return templates;
}

/** The value of a node's attribute as its template draws it (`aria-role`…), or undefined when not drawn. */
export function attributeOf(templates: Map<string, NodeTemplate>, node: RenderedNode, attribute: string): unknown {
  const key = templates.get(String(node.nn))?.attributes.get(attribute);
  return key === undefined ? undefined : node[key];
}

/** `root.cn.[0].cn.[2].v` or `root.cn[0].v` → ['root', 'cn', 0, 'cn', 2, 'v']. */
export function parseDataPath(key: string): (string | number)[] {
  const parts: (string | number)[] = [];
  for (const raw of key.split('.')) {
    const re = /([^[\]]+)|\[(\d+)\]/g;
    for (let m = re.exec(raw); m; m = re.exec(raw)) {
      parts.push(m[2] !== undefined ? Number(m[2]) : (m[1] as string));
    }
  }
  return parts;
}

type Container = Record<string | number, unknown>;

/** Applies one setData entry to a data tree the way the mini program does (creating objects/arrays on the way). */
export function applyDataPath(tree: Record<string, unknown>, key: string, value: unknown): void {
  const parts = parseDataPath(key);
  let node: Container = tree as Container;
  for (let i = 0; i < parts.length - 1; i += 1) {
    const part = parts[i] as string | number;
    const next = node[part];
    if (next === null || typeof next !== 'object') {
      node[part] = typeof parts[i + 1] === 'number' ? [] : {};
    }
    node = node[part] as Container;
  }
  node[parts[parts.length - 1] as string | number] = value;
}

export interface NodeRef {
  node: RenderedNode;
  /** Ancestors, nearest first (the page's root container last). */
  ancestors: RenderedNode[];
}

/** Depth-first walk of the rendered tree, document order. */
export function walk(root: RenderedNode | undefined, visit: (ref: NodeRef) => void): void {
  if (!root) return;
  const stack: { node: RenderedNode; ancestors: RenderedNode[] }[] = [{ node: root, ancestors: [] }];
  while (stack.length) {
    const item = stack.pop() as NodeRef;
    visit(item);
    const children = item.node.cn ?? [];
    for (let i = children.length - 1; i >= 0; i -= 1) {
      const child = children[i];
      if (child) stack.push({ node: child, ancestors: [item.node, ...item.ancestors] });
    }
  }
}

/** Every non-blank text node value, in document order. */
export function collectTexts(root: RenderedNode | undefined): string[] {
  const out: string[] = [];
  walk(root, ({ node }) => {
    if (typeof node.v === 'string' && node.v.trim() !== '') out.push(node.v);
  });
  return out;
}

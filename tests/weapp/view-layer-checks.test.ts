// The view layer's own checks can fail (view-layer.ts): a tiny mini program written here, with one of each thing
// WeChat refuses or gets wrong — a tag it does not know, a component missing from usingComponents, a template that
// does not exist, a handler naming no method, an image that is not in the package, a background from the package, a WXSS
// `*` selector — must have
// each one reported, and a correct one none. No build needed.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type WeappHarness, bootWeapp } from './harness';
import { type ViewLayer, compileWxml, compileWxss, openViewLayer } from './view-layer';

let dir: string;
let h: WeappHarness;
let view: ViewLayer;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'weapp-view-checks-'));
  write('app.json', JSON.stringify({ pages: ['pages/good/index', 'pages/bad/index'] }));
  write('app.js', 'App({});');
  write('app.wxss', 'page { color: #333; }');
  write('base.wxml', '<template name="tmpl_0_0"><view>{{i.v}}</view></template>'); // the harness reads Taro's templates
  write('assets/logo.png', 'not really a png');
  // A custom component the good page declares; the bad page uses it without declaring it.
  write('card.json', JSON.stringify({ component: true }));
  write('card.js', 'Component({ properties: { title: { type: String, value: "" } }, methods: { pick() {} } });');
  write('card.wxml', '<view class="card" bindtap="pick">{{title}}</view>');
  write('pages/good/index.json', JSON.stringify({ usingComponents: { card: '../../card' } }));
  write('pages/good/index.js', 'Page({ data: { name: "澄观" }, onTap() { this.setData({ name: "已点" }); } });');
  write(
    'pages/good/index.wxml',
    '<template name="row"><text>{{label}}</text></template>' +
      '<view bindtap="onTap">{{name}}</view><template is="row" data="{{label: name}}"/>' +
      '<image src="/assets/logo.png"/><image src="../../assets/logo.png"/><card title="卡片"/>',
  );
  write('pages/good/index.wxss', '.a > .b { color: red; }');
  write('pages/bad/index.json', JSON.stringify({}));
  write('pages/bad/index.js', 'Page({ data: { name: "x" }, onTap() {} });');
  write(
    'pages/bad/index.wxml',
    '<view bindtap="onTapped">{{name}}</view><template is="nowhere"/><foo>unknown</foo><card title="t"/>' +
      '<image src="/assets/missing.png"/><view style="background: url(/assets/logo.png)">bg</view>',
  );
  write('pages/bad/index.wxss', '.row > * { flex: 1; }');
  h = await bootWeapp({ dir });
  view = openViewLayer(h, { wxml: compileWxml(dir), styles: compileWxss(dir) });
});

after(() => {
  view?.dispose();
  h?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('the view layer’s checks', () => {
  test('wcsc refuses a `*` selector, naming the file', () => {
    assert.equal(view.styles.errors.length, 1, view.styles.errors.join('\n'));
    assert.match(view.styles.errors[0] as string, /pages\/bad\/index\.wxss.*`\*`/);
  });

  test('a correct page: its text, its component, its images, no problem; a tap runs its handler', async () => {
    const page = await h.openPage('pages/good/index');
    assert.ok(page);
    const rendered = view.render(page);
    assert.deepEqual(rendered.problems(), []);
    assert.deepEqual(rendered.texts(), ['澄观', '澄观', '卡片']);
    assert.deepEqual(rendered.images(), ['/assets/logo.png', '../../assets/logo.png']);
    await rendered.tap('澄观');
    assert.deepEqual(rendered.texts(), ['已点', '已点', '卡片'], 'the logic layer’s setData reached the view');
    rendered.dispose();
    await h.closePage(page);
  });

  test('a wrong page: each problem reported', async () => {
    const page = await h.openPage('pages/bad/index');
    assert.ok(page);
    const rendered = view.render(page);
    const problems = rendered.problems().map((p) => `${p.kind}: ${p.message}`);
    const expect = [
      /^handler: .*bindtap="onTapped".*names no method/,
      /^template: .*Template `nowhere` not found/,
      /^tag: .*<foo> is neither a WeChat component nor in usingComponents/,
      /^tag: .*<card> is neither a WeChat component nor in usingComponents/,
      /^resource: <image src>: \/assets\/missing\.png is missing from the build/,
      /^resource: style url\(\/assets\/logo\.png\): a background must be data: or https:/,
    ];
    for (const re of expect)
      assert.ok(
        problems.some((p) => re.test(p)),
        `no problem matching ${re}:\n${problems.join('\n')}`,
      );
    rendered.dispose();
    await h.closePage(page);
  });
});

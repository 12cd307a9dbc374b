import { createWechatShare, type WechatHost, type WxConfigCall, type WxSdk, type WxSignedConfig } from '@/platform/share-wechat';

/** A stand-in for jweixin: records calls; `config` answers ready (or error) on the next tick, like WeChat. */
function fakeWx(answer: () => 'ready' | 'error' | 'silent' = () => 'ready') {
  const calls: { name: string; args: unknown }[] = [];
  let onReady: (() => void)[] = [];
  let onError: ((e: { errMsg: string }) => void)[] = [];
  const wx: WxSdk & { calls: typeof calls } = {
    calls,
    config(config: WxConfigCall) {
      calls.push({ name: 'config', args: config });
      const outcome = answer();
      setTimeout(() => {
        if (outcome === 'ready') onReady.forEach((fn) => fn());
        if (outcome === 'error') onError.forEach((fn) => fn({ errMsg: 'config:invalid signature' }));
      }, 0);
    },
    ready(fn) {
      onReady = [...onReady, fn];
    },
    error(fn) {
      onError = [...onError, fn];
    },
    updateAppMessageShareData(data) {
      calls.push({ name: 'updateAppMessageShareData', args: data });
    },
    updateTimelineShareData(data) {
      calls.push({ name: 'updateTimelineShareData', args: data });
    },
  };
  return wx;
}

const SIGNED: WxSignedConfig = {
  appId: 'wx-app',
  timestamp: 1_763_000_000,
  nonceStr: 'nonce-1',
  signature: 'f'.repeat(40),
  jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
};

function host(wx: WxSdk, url = { value: 'https://m.example.com/funding/000001?channel=x' }) {
  const fetched: { kind: string; url: string }[] = [];
  let loads = 0;
  const h: WechatHost & { fetched: typeof fetched; loads: () => number; failLoad: boolean } = {
    fetched,
    failLoad: false,
    loads: () => loads,
    async loadSdk() {
      loads += 1;
      if (h.failLoad) throw new Error('script blocked');
      return wx;
    },
    async fetchConfig(kind, signUrl) {
      fetched.push({ kind, url: signUrl });
      return kind === 'openTag' ? { ...SIGNED, openTagList: ['wx-open-launch-app'] } : SIGNED;
    },
    signatureUrl: () => url.value,
  };
  return h;
}

const CARD = {
  title: '易方达蓝筹精选混合',
  desc: '近一年 +12.34%',
  link: 'https://m.example.com/funding/005827',
  imgUrl: 'https://m.example.com/logo.png',
};

describe('WeChat JS-SDK share (createWechatShare)', () => {
  it('signs the page URL with the server, configures wx with that signature, then sets both share cards', async () => {
    const wx = fakeWx();
    const h = host(wx);
    await expect(createWechatShare(h).setShare(CARD)).resolves.toBe(true);
    expect(h.fetched).toEqual([{ kind: 'share', url: 'https://m.example.com/funding/000001?channel=x' }]);
    expect(wx.calls.map((c) => c.name)).toEqual(['config', 'updateAppMessageShareData', 'updateTimelineShareData']);
    expect(wx.calls[0].args).toEqual({ debug: false, ...SIGNED });
    expect(wx.calls[1].args).toEqual({ title: CARD.title, desc: CARD.desc, link: CARD.link, imgUrl: CARD.imgUrl });
    expect(wx.calls[2].args).toEqual({ title: CARD.title, link: CARD.link, imgUrl: CARD.imgUrl });
  });

  it('configures once per signed URL: a new card on the same URL only updates, a new URL signs again', async () => {
    const wx = fakeWx();
    const url = { value: 'https://m.example.com/index' };
    const h = host(wx, url);
    const share = createWechatShare(h);
    await share.setShare(CARD);
    await share.setShare({ ...CARD, title: '第二张', imgUrl: undefined });
    expect(h.fetched).toHaveLength(1);
    expect(h.loads()).toBe(1);
    expect(wx.calls.filter((c) => c.name === 'config')).toHaveLength(1);
    expect(wx.calls.at(-2)?.args).toEqual({ title: '第二张', desc: CARD.desc, link: CARD.link, imgUrl: '' });
    url.value = 'https://m.example.com/funding/005827';
    await share.setShare(CARD);
    expect(h.fetched.map((f) => f.url)).toEqual(['https://m.example.com/index', 'https://m.example.com/funding/005827']);
    expect(h.loads()).toBe(1); // the script is loaded once per page life
  });

  it('a refused signature leaves WeChat’s default card (false) and signs again next time', async () => {
    let outcome: 'ready' | 'error' = 'error';
    const wx = fakeWx(() => outcome);
    const h = host(wx);
    const share = createWechatShare(h);
    await expect(share.setShare(CARD)).resolves.toBe(false);
    expect(wx.calls.map((c) => c.name)).toEqual(['config']);
    outcome = 'ready';
    await expect(share.setShare(CARD)).resolves.toBe(true);
    expect(h.fetched).toHaveLength(2);
  });

  it('a config WeChat never answers counts as failed after the timeout', async () => {
    const wx = fakeWx(() => 'silent');
    const share = createWechatShare(host(wx), 20);
    await expect(share.setShare(CARD)).resolves.toBe(false);
  });

  it('an SDK script that does not load fails quietly and is tried again', async () => {
    const wx = fakeWx();
    const h = host(wx);
    h.failLoad = true;
    const share = createWechatShare(h);
    await expect(share.setShare(CARD)).resolves.toBe(false);
    h.failLoad = false;
    await expect(share.setShare(CARD)).resolves.toBe(true);
    expect(h.loads()).toBe(2);
  });

  it('open tags: the open-tag config (with openTagList) replaces the share one and the card is set again on it', async () => {
    const wx = fakeWx();
    const h = host(wx);
    const share = createWechatShare(h);
    await share.setShare(CARD);
    await expect(share.enableOpenTags()).resolves.toBe(true);
    expect(h.fetched.map((f) => f.kind)).toEqual(['share', 'openTag']);
    const configs = wx.calls.filter((c) => c.name === 'config').map((c) => c.args as WxConfigCall);
    expect(configs[1].openTagList).toEqual(['wx-open-launch-app']);
    expect(wx.calls.at(-2)).toEqual({ name: 'updateAppMessageShareData', args: expect.objectContaining({ title: CARD.title }) });
    // The open-tag config also serves sharing: no third signature for the same URL.
    await share.setShare(CARD);
    await share.enableOpenTags();
    expect(h.fetched).toHaveLength(2);
  });

  it('the newest card wins when two pages ask while the config is still pending', async () => {
    const wx = fakeWx();
    const share = createWechatShare(host(wx));
    const first = share.setShare({ ...CARD, title: 'A' });
    const second = share.setShare({ ...CARD, title: 'B' });
    await Promise.all([first, second]);
    const titles = wx.calls.filter((c) => c.name === 'updateAppMessageShareData').map((c) => (c.args as { title: string }).title);
    expect(titles.at(-1)).toBe('B');
    expect(titles).not.toContain('A');
  });
});

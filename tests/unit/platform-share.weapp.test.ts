// Runs in the weapp-flavoured jest project: '@/platform/share' resolves to share.weapp.ts here.
import { completeShare } from '@/platform/share-content';
import { enableOpenTags, shareMessage, timelineMessage } from '@/platform/share.weapp';

describe('weapp share cards', () => {
  it('a fund page’s chat card reopens that fund: the spec URL as its page path, path params in the query', () => {
    const content = completeShare({ title: '易方达蓝筹精选混合' }, '/funding/005827?channel=x&hideHomeBtn=1');
    expect(shareMessage(content)).toEqual({ title: '易方达蓝筹精选混合', path: '/pages/fund/detail/index?channel=x&fundcode=005827' });
  });

  it('Moments reopen the page itself: only its query (params included) travels, with the image when there is one', () => {
    const content = completeShare({ title: 'T', imgUrl: 'https://cdn.example.com/card.png' }, '/funding/005827?channel=x');
    expect(timelineMessage(content)).toEqual({
      title: 'T',
      query: 'channel=x&fundcode=005827',
      imageUrl: 'https://cdn.example.com/card.png',
    });
  });

  it('an unknown address shares the 404 page that stands for it', () => {
    expect(shareMessage(completeShare({}, '/no-such-page')).path).toBe('/pages/misc/not-found/index?path=%2Fno-such-page');
  });

  it('the mini program has no open tags', async () => {
    await expect(enableOpenTags()).resolves.toBe(false);
  });
});

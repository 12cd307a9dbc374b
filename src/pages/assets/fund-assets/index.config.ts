export default definePageConfig({
  navigationBarTitleText: '基金资产',
  enablePullDownRefresh: false,
});

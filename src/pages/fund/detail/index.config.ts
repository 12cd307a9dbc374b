export default definePageConfig({
  navigationBarTitleText: '基金详情',
  enablePullDownRefresh: false,
});

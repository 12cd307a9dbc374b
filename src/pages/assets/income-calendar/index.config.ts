export default definePageConfig({
  navigationBarTitleText: '收益日历',
});

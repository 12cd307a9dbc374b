export default definePageConfig({
  navigationBarTitleText: '客服中心',
});

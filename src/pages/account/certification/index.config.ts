export default definePageConfig({
  navigationBarTitleText: '实名绑卡',
});

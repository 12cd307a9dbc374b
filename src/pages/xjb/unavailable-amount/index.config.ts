export default definePageConfig({
  navigationBarTitleText: '不可用金额明细',
});

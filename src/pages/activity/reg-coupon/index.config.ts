export default definePageConfig({
  navigationBarTitleText: '新人优惠券',
});

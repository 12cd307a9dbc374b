export default definePageConfig({
  navigationBarTitleText: '资产证明验证',
});

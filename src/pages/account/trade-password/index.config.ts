export default definePageConfig({
  navigationBarTitleText: '设置交易密码',
});

export default definePageConfig({
  navigationBarTitleText: '模拟组合大赛',
});

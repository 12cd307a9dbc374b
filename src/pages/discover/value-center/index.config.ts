export default definePageConfig({
  navigationBarTitleText: '指数估值',
});

import { packageLayout } from './lib/routes';

// Pages come from the route table: building a route = creating its page and removing it from UNBUILT_ROUTES.
const { pages, subPackages } = packageLayout();

export default defineAppConfig({
  pages,
  subPackages,
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#fff',
    navigationBarTitleText: '蛋卷基金',
    navigationBarTextStyle: 'black',
  },
});
